<?php
/**
 * One entry.
 *
 * @package KestrelForms
 *
 * @var \Kestrel\Forms\Domain\Entry\Entry|null $entry
 * @var \Kestrel\Forms\Domain\Form\Form|null   $form
 */

use Kestrel\Forms\Admin\AdminPages;
use Kestrel\Forms\Admin\EntryPresenter;

defined( 'ABSPATH' ) || exit;
?>
<div class="wrap kestrel-forms-admin">
	<?php if ( ! $entry || ! $form ) : ?>
		<h1><?php esc_html_e( 'Entry not found', 'kestrel-forms' ); ?></h1>
	<?php else : ?>
		<h1>
			<?php
			/* translators: 1: entry id, 2: form title. */
			echo esc_html( sprintf( __( 'Entry #%1$d: %2$s', 'kestrel-forms' ), $entry->id, $form->title() ) );
			?>
		</h1>
		<p><a href="<?php echo esc_url( admin_url( 'admin.php?page=' . AdminPages::ENTRIES_SLUG . '&form_id=' . $form->id ) ); ?>">&larr; <?php esc_html_e( 'Back to entries', 'kestrel-forms' ); ?></a></p>
		<table class="widefat striped kestrel-forms-entry">
			<caption class="screen-reader-text"><?php esc_html_e( 'Submitted values', 'kestrel-forms' ); ?></caption>
			<tbody>
				<?php foreach ( EntryPresenter::value_fields( $form ) as $field ) : ?>
					<tr>
						<th scope="row"><?php echo esc_html( EntryPresenter::label( $field ) ); ?></th>
						<?php if ( 'fileupload' === $field['type'] ) : ?>
							<td>
								<ul class="kestrel-forms-files">
									<?php foreach ( EntryPresenter::files( $field, $entry ) as $file ) : ?>
										<li><a href="<?php echo esc_url( $file['url'] ); ?>"><?php echo esc_html( $file['name'] ); ?></a> (<?php echo esc_html( $file['size_text'] ); ?>)</li>
									<?php endforeach; ?>
								</ul>
							</td>
						<?php else : ?>
							<td style="white-space: pre-wrap"><?php echo esc_html( EntryPresenter::value( $field, $entry ) ); ?></td>
						<?php endif; ?>
					</tr>
				<?php endforeach; ?>
			</tbody>
		</table>
		<?php if ( $entry->pricing ) : ?>
			<?php $currency = (string) $entry->pricing['currency']; ?>
			<h2><?php esc_html_e( 'Order', 'kestrel-forms' ); ?></h2>
			<table class="widefat striped kestrel-forms-order">
				<thead>
					<tr>
						<th scope="col"><?php esc_html_e( 'Product', 'kestrel-forms' ); ?></th>
						<th scope="col"><?php esc_html_e( 'Quantity', 'kestrel-forms' ); ?></th>
						<th scope="col"><?php esc_html_e( 'Unit price', 'kestrel-forms' ); ?></th>
						<th scope="col"><?php esc_html_e( 'Line total', 'kestrel-forms' ); ?></th>
					</tr>
				</thead>
				<tbody>
					<?php foreach ( $entry->pricing['products'] as $line ) : ?>
						<tr>
							<td>
								<?php echo esc_html( (string) $line['name'] ); ?>
								<?php foreach ( $line['options'] as $option ) : ?>
									<br><small><?php echo esc_html( $option['name'] . ' ' . EntryPresenter::money( (int) $option['priceMinor'], $currency ) ); ?></small>
								<?php endforeach; ?>
							</td>
							<td><?php echo esc_html( (string) $line['quantity'] ); ?></td>
							<td><?php echo esc_html( EntryPresenter::money( (int) $line['unitMinor'], $currency ) ); ?></td>
							<td><?php echo esc_html( EntryPresenter::money( (int) $line['lineMinor'], $currency ) ); ?></td>
						</tr>
					<?php endforeach; ?>
				</tbody>
				<tfoot>
					<tr><th scope="row" colspan="3"><?php esc_html_e( 'Shipping', 'kestrel-forms' ); ?></th><td><?php echo esc_html( EntryPresenter::money( (int) $entry->pricing['shippingMinor'], $currency ) ); ?></td></tr>
					<tr><th scope="row" colspan="3"><?php esc_html_e( 'Total', 'kestrel-forms' ); ?></th><td class="kestrel-forms-order-total"><?php echo esc_html( EntryPresenter::money( (int) $entry->pricing['totalMinor'], $currency ) ); ?></td></tr>
				</tfoot>
			</table>
		<?php endif; ?>
		<h2><?php esc_html_e( 'Details', 'kestrel-forms' ); ?></h2>
		<table class="widefat striped kestrel-forms-entry-meta">
			<tbody>
				<tr><th scope="row"><?php esc_html_e( 'Submitted (UTC)', 'kestrel-forms' ); ?></th><td><?php echo esc_html( $entry->created_at ); ?></td></tr>
				<tr><th scope="row"><?php esc_html_e( 'Source page', 'kestrel-forms' ); ?></th><td><?php echo $entry->source_url ? '<a href="' . esc_url( $entry->source_url ) . '">' . esc_html( $entry->source_url ) . '</a>' : '&mdash;'; ?></td></tr>
				<tr>
					<th scope="row"><?php esc_html_e( 'User', 'kestrel-forms' ); ?></th>
					<td>
						<?php
						$user = $entry->user_id ? get_userdata( $entry->user_id ) : false;
						echo $user ? esc_html( $user->display_name ) : esc_html__( 'Visitor', 'kestrel-forms' );
						?>
					</td>
				</tr>
				<tr><th scope="row"><?php esc_html_e( 'Status', 'kestrel-forms' ); ?></th><td><?php echo esc_html( $entry->status ); ?></td></tr>
			</tbody>
		</table>
	<?php endif; ?>
</div>
