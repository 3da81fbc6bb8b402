import { __ } from '@wordpress/i18n';
import type { PasswordState } from '../forms-engine';

/**
 * The strength indicator's words for each state (specs/forms-visitor-behaviour.md §4), the same
 * words WordPress's own profile screen uses.
 *
 * @param state Indicator state.
 */
export function strengthText( state: PasswordState ): string {
	switch ( state ) {
		case 'blank':
			return __( 'Strength indicator', 'kestrel-forms' );
		case 'unknown':
			return __( 'Strength unknown', 'kestrel-forms' );
		case 'short':
			return __( 'Very weak', 'kestrel-forms' );
		case 'bad':
			return __( 'Weak', 'kestrel-forms' );
		case 'good':
			return __( 'Medium', 'kestrel-forms' );
		case 'strong':
			return __( 'Strong', 'kestrel-forms' );
		case 'mismatch':
			return __( 'Mismatch', 'kestrel-forms' );
	}
}
