<?php
/**
 * Entries of one form.
 *
 * @package KestrelForms
 *
 * @var \Kestrel\Forms\Domain\Form\Form|null          $form
 * @var list<array{form: \Kestrel\Forms\Domain\Form\Form}> $all_forms
 * @var list<\Kestrel\Forms\Domain\Entry\Entry>      $entries
 * @var int                                          $total
 * @var int                                          $page
 * @var int                                          $total_pages
 */

use Kestrel\Forms\Admin\AdminPages;
use Kestrel\Forms\Admin\EntryPresenter;

defined( 'ABSPATH' ) || exit;

$columns = $form ? array_slice( EntryPresenter::value_fields( $form ), 0, 4 ) : array();
?>
<div class="wrap kestrel-forms-admin">
	<h1 class="wp-heading-inline">
		<?php
		echo esc_html(
			$form
				/* translators: %s: form title. */
				? sprintf( __( 'Entries: %s', 'kestrel-forms' ), $form->title() )
				: __( 'Entries', 'kestrel-forms' )
		);
		?>
	</h1>
	<hr class="wp-header-end">

	<?php if ( $all_forms ) : ?>
		<form method="get" class="kestrel-forms-switch">
			<input type="hidden" name="page" value="<?php echo esc_attr( AdminPages::ENTRIES_SLUG ); ?>">
			<label for="kestrel-forms-form-switch"><?php esc_html_e( 'Form', 'kestrel-forms' ); ?></label>
			<select id="kestrel-forms-form-switch" name="form_id">
				<?php foreach ( $all_forms as $record ) : ?>
					<option value="<?php echo (int) $record['form']->id; ?>" <?php selected( $form && $form->id === $record['form']->id ); ?>><?php echo esc_html( $record['form']->title() ); ?></option>
				<?php endforeach; ?>
			</select>
			<?php submit_button( __( 'Show', 'kestrel-forms' ), 'secondary', '', false ); ?>
		</form>
	<?php endif; ?>

	<?php if ( ! $form ) : ?>
		<p><?php esc_html_e( 'There are no forms yet.', 'kestrel-forms' ); ?></p>
	<?php else : ?>
		<p class="kestrel-forms-count">
			<?php
			/* translators: %d: number of entries. */
			echo esc_html( sprintf( _n( '%d entry', '%d entries', $total, 'kestrel-forms' ), $total ) );
			?>
		</p>
		<table class="wp-list-table widefat fixed striped kestrel-forms-entries">
			<caption class="screen-reader-text"><?php esc_html_e( 'Entries, newest first', 'kestrel-forms' ); ?></caption>
			<thead>
				<tr>
					<th scope="col" class="column-id"><?php esc_html_e( 'Entry', 'kestrel-forms' ); ?></th>
					<th scope="col" class="column-date"><?php esc_html_e( 'Submitted (UTC)', 'kestrel-forms' ); ?></th>
					<?php foreach ( $columns as $field ) : ?>
						<th scope="col"><?php echo esc_html( EntryPresenter::label( $field ) ); ?></th>
					<?php endforeach; ?>
				</tr>
			</thead>
			<tbody>
				<?php if ( ! $entries ) : ?>
					<tr><td colspan="<?php echo 2 + count( $columns ); ?>"><?php esc_html_e( 'No entries yet.', 'kestrel-forms' ); ?></td></tr>
				<?php endif; ?>
				<?php foreach ( $entries as $entry ) : ?>
					<tr data-entry-id="<?php echo (int) $entry->id; ?>">
						<td class="column-id">
							<a href="<?php echo esc_url( admin_url( 'admin.php?page=' . AdminPages::ENTRIES_SLUG . '&entry_id=' . $entry->id ) ); ?>">
								<?php
								/* translators: %d: entry id. */
								echo esc_html( sprintf( __( '#%d', 'kestrel-forms' ), $entry->id ) );
								?>
							</a>
						</td>
						<td class="column-date"><?php echo esc_html( $entry->created_at ); ?></td>
						<?php foreach ( $columns as $field ) : ?>
							<td><?php echo esc_html( EntryPresenter::value( $field, $entry ) ); ?></td>
						<?php endforeach; ?>
					</tr>
				<?php endforeach; ?>
			</tbody>
		</table>
		<?php if ( $total_pages > 1 ) : ?>
			<div class="tablenav bottom"><div class="tablenav-pages">
				<?php
				echo wp_kses_post(
					paginate_links(
						array(
							'base'    => add_query_arg( 'paged', '%#%' ),
							'format'  => '',
							'current' => $page,
							'total'   => $total_pages,
						)
					) ?? ''
				);
				?>
			</div></div>
		<?php endif; ?>
	<?php endif; ?>
</div>
