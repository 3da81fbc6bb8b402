<?php
/**
 * The form editor's live preview frame (Frontend\Preview, live mode): a page of the site with the
 * theme's head (its styles, fonts and global styles) and the form alone, which the live preview
 * script renders and updates from the editor (its config is an inline script before it). No
 * header, footer or toolbar: the editor shows it beside the fields.
 *
 * @package KestrelForms
 */

defined( 'ABSPATH' ) || exit;
?><!DOCTYPE html>
<html <?php language_attributes(); ?>>
<head>
<meta charset="<?php bloginfo( 'charset' ); ?>">
<meta name="viewport" content="width=device-width, initial-scale=1">
<?php wp_head(); ?>
</head>
<body <?php body_class( 'kestrel-forms-live-preview-page' ); ?>>
<?php wp_body_open(); ?>
<div class="wp-site-blocks" id="kestrel-forms-live-preview-page">
	<?php // A div, not main: the frame sits inside the editor screen, which has its main. ?>
	<div class="entry-content wp-block-post-content is-layout-constrained has-global-padding kestrel-forms-live-preview-page__content">
		<div id="kestrel-forms-live-preview" class="kestrel-form kestrel-forms-live-preview-form">
			<p class="kestrel-form__noscript"><?php esc_html_e( 'Loading the preview…', 'kestrel-forms' ); ?></p>
		</div>
	</div>
</div>
<?php wp_footer(); ?>
</body>
</html>
