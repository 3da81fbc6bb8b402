/**
 * A credit card field: the card types it accepts.
 */
import { CheckboxControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { DEFAULT_CARD_RULES } from '../../../../shared';
import type { FieldTypeUnit, TypeSettingsProps } from '../types';

/**
 * The card types a credit card field accepts (`creditCards`), one checkbox per type of the
 * built-in card rules (plugin/data/card-rules.json, the table the engine and the server both
 * read). Absent means every type, so every box starts checked; checking them all removes the key
 * again. Slugs the definition lists that the built-in rules do not know (a site's own rules
 * through `kestrel_forms_card_rules`) stay listed, so saving never drops them. The last checked
 * box cannot be unchecked: an empty list would mean "every type", the opposite of what
 * unchecking says.
 *
 * @param props          Props.
 * @param props.value    The field's creditCards.
 * @param props.error    The server's message for creditCards.
 * @param props.onChange Called with the new list (undefined: every type).
 */
export function CardTypesControl( {
	value,
	error,
	onChange,
}: {
	value: string[] | undefined;
	error?: string;
	onChange: ( creditCards: string[] | undefined ) => void;
} ) {
	const known = Object.entries( DEFAULT_CARD_RULES ).map(
		( [ slug, rule ] ) => ( {
			slug,
			name: rule.name,
		} )
	);
	const listed = value ?? [];
	const options = [
		...known,
		...listed
			.filter( ( slug ) => ! ( slug in DEFAULT_CARD_RULES ) )
			.map( ( slug ) => ( { slug, name: slug } ) ),
	];
	const accepted =
		listed.length === 0 ? options.map( ( o ) => o.slug ) : listed;
	const toggle = ( slug: string, on: boolean ) => {
		const next = options
			.map( ( o ) => o.slug )
			.filter( ( s ) => ( s === slug ? on : accepted.includes( s ) ) );
		onChange( next.length === options.length ? undefined : next );
	};
	return (
		<fieldset className="kestrel-forms-card-types">
			<legend>{ __( 'Accepted cards', 'kestrel-forms' ) }</legend>
			{ options.map( ( { slug, name } ) => {
				const checked = accepted.includes( slug );
				return (
					<CheckboxControl
						__nextHasNoMarginBottom
						key={ slug }
						label={ name }
						checked={ checked }
						disabled={ checked && accepted.length === 1 }
						onChange={ ( on ) => toggle( slug, on ) }
					/>
				);
			} ) }
			<p className="description">
				{ __(
					'Cards of an unchecked type are refused.',
					'kestrel-forms'
				) }
			</p>
			{ error && <p className="kestrel-forms-error">{ error }</p> }
		</fieldset>
	);
}

/**
 * The credit card field's settings.
 *
 * @param props         Props.
 * @param props.field   The field.
 * @param props.set     Writes a patch.
 * @param props.errorOf The server's message for a key.
 */
function CreditCardSettings( { field, set, errorOf }: TypeSettingsProps ) {
	return (
		<CardTypesControl
			value={ field.creditCards }
			error={ errorOf( 'creditCards' ) }
			onChange={ ( creditCards ) =>
				set( { creditCards }, 'creditCards' )
			}
		/>
	);
}

export const creditcardUnit: FieldTypeUnit = {
	group: 'advanced',
	Settings: CreditCardSettings,
};
