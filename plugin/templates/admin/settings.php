<?php
/**
 * Forms → Settings: the captcha keys and look (Settings API; saved through options.php).
 *
 * @package KestrelForms
 *
 * @var array{site_key: string, secret_key: string, theme: string, size: string, badge: string} $settings
 * @var string                $masked_secret Bullets and the last characters of the stored secret, or ''.
 * @var bool                  $configured    Both keys are set.
 * @var string                $option        Option name (input name prefix).
 * @var string                $group         Settings API option group.
 * @var array<string, string> $themes        Theme labels by value.
 * @var array<string, string> $sizes         Size labels by value.
 * @var array<string, string> $badges        Badge position labels by value.
 */

defined( 'ABSPATH' ) || exit;

$kestrel_select = static function ( string $key, array $choices ) use ( $settings, $option ): void {
	printf( '<select id="%1$s" name="%2$s">', esc_attr( 'kestrel-forms-captcha-' . $key ), esc_attr( $option . '[' . $key . ']' ) );
	foreach ( $choices as $value => $label ) {
		printf( '<option value="%1$s"%2$s>%3$s</option>', esc_attr( $value ), selected( $settings[ $key ], $value, false ), esc_html( $label ) );
	}
	echo '</select>';
};
?>
<div class="wrap kestrel-forms-admin kestrel-forms-settings">
	<h1><?php esc_html_e( 'Forms Settings', 'kestrel-forms' ); ?></h1>
	<?php settings_errors(); ?>

	<form method="post" action="<?php echo esc_url( admin_url( 'options.php' ) ); ?>" autocomplete="off">
		<?php settings_fields( $group ); ?>

		<h2><?php esc_html_e( 'Captcha (reCAPTCHA v2)', 'kestrel-forms' ); ?></h2>
		<p>
			<?php
			printf(
				/* translators: %s: link to the reCAPTCHA admin console. */
				esc_html__( 'Forms with a captcha field show Google reCAPTCHA v2. Create a v2 key pair ("I\'m not a robot" checkbox or invisible) in the %s.', 'kestrel-forms' ),
				'<a href="https://www.google.com/recaptcha/admin" target="_blank" rel="noopener noreferrer">' . esc_html__( 'reCAPTCHA admin console', 'kestrel-forms' ) . '</a>'
			);
			?>
		</p>
		<p class="kestrel-forms-captcha-status">
			<strong>
				<?php
				echo $configured
					? esc_html__( 'Status: captcha fields are active.', 'kestrel-forms' )
					: esc_html__( 'Status: not set up. Captcha fields need both keys.', 'kestrel-forms' );
				?>
			</strong>
		</p>

		<table class="form-table" role="presentation">
			<tr>
				<th scope="row"><label for="kestrel-forms-captcha-site_key"><?php esc_html_e( 'Site key', 'kestrel-forms' ); ?></label></th>
				<td>
					<input type="text" class="regular-text code" id="kestrel-forms-captcha-site_key" name="<?php echo esc_attr( $option . '[site_key]' ); ?>" value="<?php echo esc_attr( $settings['site_key'] ); ?>" spellcheck="false">
					<p class="description"><?php esc_html_e( 'Public: it is part of every page that shows a captcha.', 'kestrel-forms' ); ?></p>
				</td>
			</tr>
			<tr>
				<th scope="row"><label for="kestrel-forms-captcha-secret_key"><?php esc_html_e( 'Secret key', 'kestrel-forms' ); ?></label></th>
				<td>
					<input type="password" class="regular-text code" id="kestrel-forms-captcha-secret_key" name="<?php echo esc_attr( $option . '[secret_key]' ); ?>" value="" autocomplete="new-password" spellcheck="false" aria-describedby="kestrel-forms-captcha-secret-description">
					<p class="description" id="kestrel-forms-captcha-secret-description">
						<?php if ( '' !== $masked_secret ) : ?>
							<?php esc_html_e( 'Stored secret:', 'kestrel-forms' ); ?>
							<code class="kestrel-forms-captcha-secret-mask"><?php echo esc_html( $masked_secret ); ?></code>.
							<?php esc_html_e( 'Leave the field blank to keep it, or type a new one to replace it.', 'kestrel-forms' ); ?>
						<?php else : ?>
							<?php esc_html_e( 'No secret stored yet. It stays on the server and is never shown again in full.', 'kestrel-forms' ); ?>
						<?php endif; ?>
					</p>
					<?php if ( '' !== $masked_secret ) : ?>
						<p>
							<label>
								<input type="checkbox" name="<?php echo esc_attr( $option . '[clear_secret]' ); ?>" value="1">
								<?php esc_html_e( 'Remove the stored secret key', 'kestrel-forms' ); ?>
							</label>
						</p>
					<?php endif; ?>
				</td>
			</tr>
			<tr>
				<th scope="row"><label for="kestrel-forms-captcha-theme"><?php esc_html_e( 'Theme', 'kestrel-forms' ); ?></label></th>
				<td><?php $kestrel_select( 'theme', $themes ); ?></td>
			</tr>
			<tr>
				<th scope="row"><label for="kestrel-forms-captcha-size"><?php esc_html_e( 'Size', 'kestrel-forms' ); ?></label></th>
				<td>
					<?php $kestrel_select( 'size', $sizes ); ?>
					<p class="description"><?php esc_html_e( 'The keys must be of the matching type: checkbox keys for normal and compact, invisible keys for invisible.', 'kestrel-forms' ); ?></p>
				</td>
			</tr>
			<tr>
				<th scope="row"><label for="kestrel-forms-captcha-badge"><?php esc_html_e( 'Badge position', 'kestrel-forms' ); ?></label></th>
				<td>
					<?php $kestrel_select( 'badge', $badges ); ?>
					<p class="description"><?php esc_html_e( 'Invisible size only: where the reCAPTCHA badge appears.', 'kestrel-forms' ); ?></p>
				</td>
			</tr>
		</table>

		<?php submit_button( __( 'Save Settings', 'kestrel-forms' ) ); ?>
	</form>
</div>
