<?php
/**
 * Forms list screen.
 *
 * @package KestrelForms
 *
 * @var list<array{form: \Kestrel\Forms\Domain\Form\Form, status: string, created_at: string, updated_at: string}> $records
 * @var int                                     $total
 * @var int                                     $page
 * @var int                                     $total_pages
 * @var array<int, int>                         $counts
 * @var array{type: string, message: string}|null $notice
 */

use Kestrel\Forms\Admin\AdminPages;

defined( 'ABSPATH' ) || exit;
?>
<div class="wrap kestrel-forms-admin">
	<h1 class="wp-heading-inline"><?php esc_html_e( 'Forms', 'kestrel-forms' ); ?></h1>
	<hr class="wp-header-end">

	<?php if ( $notice ) : ?>
		<div class="notice notice-<?php echo 'success' === $notice['type'] ? 'success' : 'error'; ?> is-dismissible" role="status">
			<p><?php echo esc_html( $notice['message'] ); ?></p>
		</div>
	<?php endif; ?>

	<table class="wp-list-table widefat fixed striped kestrel-forms-list">
		<caption class="screen-reader-text"><?php esc_html_e( 'Forms', 'kestrel-forms' ); ?></caption>
		<thead>
			<tr>
				<th scope="col" class="column-title column-primary"><?php esc_html_e( 'Title', 'kestrel-forms' ); ?></th>
				<th scope="col" class="column-id"><?php esc_html_e( 'ID', 'kestrel-forms' ); ?></th>
				<th scope="col" class="column-entries"><?php esc_html_e( 'Entries', 'kestrel-forms' ); ?></th>
				<th scope="col" class="column-shortcode"><?php esc_html_e( 'Shortcode', 'kestrel-forms' ); ?></th>
			</tr>
		</thead>
		<tbody>
			<?php if ( ! $records ) : ?>
				<tr><td colspan="4"><?php esc_html_e( 'No forms yet. Import one below.', 'kestrel-forms' ); ?></td></tr>
			<?php endif; ?>
			<?php foreach ( $records as $record ) : ?>
				<?php
				$form        = $record['form'];
				$entries_url = admin_url( 'admin.php?page=' . AdminPages::ENTRIES_SLUG . '&form_id=' . $form->id );
				$export_url  = wp_nonce_url( admin_url( 'admin-post.php?action=kestrel_forms_export&form_id=' . $form->id ), 'kestrel_forms_export_' . $form->id );
				?>
				<tr data-form-id="<?php echo (int) $form->id; ?>">
					<td class="column-title column-primary">
						<strong><a href="<?php echo esc_url( $entries_url ); ?>"><?php echo esc_html( $form->title() ); ?></a></strong>
						<div class="row-actions">
							<span><a href="<?php echo esc_url( $entries_url ); ?>"><?php esc_html_e( 'Entries', 'kestrel-forms' ); ?></a> | </span>
							<span><a href="<?php echo esc_url( $export_url ); ?>"><?php esc_html_e( 'Export JSON', 'kestrel-forms' ); ?></a></span>
						</div>
					</td>
					<td class="column-id"><?php echo (int) $form->id; ?></td>
					<td class="column-entries"><a href="<?php echo esc_url( $entries_url ); ?>"><?php echo (int) ( $counts[ $form->id ] ?? 0 ); ?></a></td>
					<td class="column-shortcode">
						<input type="text" readonly class="code kestrel-forms-shortcode" onclick="this.select()"
							aria-label="<?php echo esc_attr( sprintf( /* translators: %s: form title. */ __( 'Shortcode for %s', 'kestrel-forms' ), $form->title() ) ); ?>"
							value="<?php echo esc_attr( '[kestrel_form id="' . $form->id . '"]' ); ?>">
					</td>
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

	<h2><?php esc_html_e( 'Import a form', 'kestrel-forms' ); ?></h2>
	<form method="post" enctype="multipart/form-data" action="<?php echo esc_url( admin_url( 'admin-post.php' ) ); ?>">
		<input type="hidden" name="action" value="kestrel_forms_import">
		<?php wp_nonce_field( 'kestrel_forms_import' ); ?>
		<p>
			<label for="kestrel-forms-file"><?php esc_html_e( 'Form JSON file', 'kestrel-forms' ); ?></label><br>
			<input type="file" id="kestrel-forms-file" name="kestrel_forms_file" accept=".json,application/json" required>
		</p>
		<?php submit_button( __( 'Import', 'kestrel-forms' ), 'secondary', 'submit', false ); ?>
	</form>
</div>
