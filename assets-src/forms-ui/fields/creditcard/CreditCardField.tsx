/**
 * Credit card field (specs/forms-visitor-behaviour.md §3 "card rules", §5 "Card type"; reference
 * §11): card number, expiry month and year, security code and cardholder name. The classic card
 * field; real payments go through the payments SDK.
 *
 * Ids (input ids after GF's credit card field): number `input_{formId}_{fieldId}` (the plain id,
 * so the error summary's link lands on it; input "{fieldId}.1"), expiry
 * `input_{formId}_{fieldId}_2_month` / `_2_year` ("{fieldId}.2"), security code
 * `input_{formId}_{fieldId}_3`, cardholder name `input_{formId}_{fieldId}_5`. The type ("{fieldId}.4")
 * is derived, by the browser for the icon and by the server for the entry.
 */
import { useMemo } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import {
	acceptedCardTypes,
	cardParts,
	cardRulesOf,
	cardValue,
	type CardParts,
} from '../../../forms-engine';
import { detectCardType } from '../../../shared';
import { ids } from '../../ids';
import type { FieldProps } from '../types';
import {
	Description,
	FieldShell,
	cx,
	describedBy,
	FieldLabel,
} from '../../components/field-parts';

/** How many years ahead the expiry year list reaches. */
const EXPIRY_YEARS = 20;

/**
 * The card field: detects the card type after 4 digits when exactly one type matches, shows it
 * as an icon with a text alternative, announced politely, and marks types the field does not
 * accept.
 *
 * @param props Field props.
 */
export function CreditCardField( props: FieldProps ) {
	const { formId, field, value, error, onChange, concealed } = props;
	const parts = cardParts( value );
	const rules = useMemo( () => cardRulesOf( field ), [ field ] );
	const accepted = useMemo( () => acceptedCardTypes( field ), [ field ] );
	const type = detectCardType( parts.number, rules );
	const supported = type !== null && accepted.includes( type );

	const numberId = ids.input( formId, field.id );
	const base = numberId;
	const typeId = `${ base }_card_type`;
	const acceptedId = `${ base }_accepted`;
	const errorId = error ? ids.validation( formId, field.id ) : undefined;
	const descriptionId = field.description
		? ids.description( formId, field.id )
		: undefined;

	const set = ( key: keyof CardParts, text: string, typing = true ) =>
		onChange( field.id, cardValue( { ...parts, [ key ]: text } ), typing );
	const commit = () => props.onCommit?.( field.id );
	const common = {
		className: 'kestrel-form__control',
		disabled: concealed,
		tabIndex: concealed ? -1 : undefined,
		'aria-invalid': error ? ( true as const ) : undefined,
		'aria-describedby': errorId,
		onBlur: commit,
	};
	const thisYear = new Date().getFullYear();
	const years = Array.from(
		{ length: EXPIRY_YEARS + 1 },
		( _, i ) => thisYear + i
	);
	// A year chosen earlier stays in the list (a page left open over New Year).
	if ( parts.year && ! years.includes( Number( parts.year ) ) ) {
		years.unshift( Number( parts.year ) );
	}

	return (
		<FieldShell { ...{ formId, field, error, concealed } }>
			<fieldset
				className="kestrel-form__fieldset kestrel-form__card"
				disabled={ concealed }
				aria-describedby={ describedBy( descriptionId, errorId ) }
			>
				<FieldLabel formId={ formId } field={ field } as="legend" />
				<Description formId={ formId } field={ field } />
				<p className="kestrel-form__card-accepted" id={ acceptedId }>
					{ sprintf(
						/* translators: %s: card brand names, comma-separated. */
						__( 'Accepted cards: %s', 'kestrel-forms' ),
						accepted.map( ( t ) => rules[ t ].name ).join( ', ' )
					) }
				</p>
				<div className="kestrel-form__card-part kestrel-form__card-number">
					<label
						className="kestrel-form__sublabel"
						htmlFor={ numberId }
					>
						{ __( 'Card number', 'kestrel-forms' ) }
					</label>
					<div className="kestrel-form__card-number-row">
						<input
							{ ...common }
							id={ numberId }
							name={ `input_${ field.id }.1` }
							type="text"
							inputMode="numeric"
							autoComplete="cc-number"
							maxLength={ 23 }
							aria-required={ field.isRequired || undefined }
							aria-describedby={ describedBy(
								acceptedId,
								typeId,
								errorId
							) }
							value={ parts.number }
							onChange={ ( e ) =>
								set( 'number', e.target.value )
							}
						/>
						<span
							id={ typeId }
							className="kestrel-form__card-type"
							aria-live="polite"
							aria-atomic="true"
						>
							{ type && (
								<CardIcon
									slug={ type }
									name={ rules[ type ].name }
									supported={ supported }
								/>
							) }
						</span>
					</div>
				</div>
				<fieldset className="kestrel-form__fieldset kestrel-form__card-part kestrel-form__card-expiry">
					<legend className="kestrel-form__sublabel">
						{ __( 'Expiration date', 'kestrel-forms' ) }
					</legend>
					<label
						className="kestrel-form__sublabel is-inline"
						htmlFor={ `${ base }_2_month` }
					>
						{ __( 'Month', 'kestrel-forms' ) }
					</label>
					<select
						{ ...common }
						id={ `${ base }_2_month` }
						name={ `input_${ field.id }.2[]` }
						autoComplete="cc-exp-month"
						value={ parts.month }
						onChange={ ( e ) =>
							set( 'month', e.target.value, false )
						}
					>
						<option value="">
							{ __( 'Month', 'kestrel-forms' ) }
						</option>
						{ Array.from( { length: 12 }, ( _, i ) => {
							const month = String( i + 1 ).padStart( 2, '0' );
							return (
								<option key={ month } value={ month }>
									{ month }
								</option>
							);
						} ) }
					</select>
					<label
						className="kestrel-form__sublabel is-inline"
						htmlFor={ `${ base }_2_year` }
					>
						{ __( 'Year', 'kestrel-forms' ) }
					</label>
					<select
						{ ...common }
						id={ `${ base }_2_year` }
						name={ `input_${ field.id }.2[]` }
						autoComplete="cc-exp-year"
						value={ parts.year }
						onChange={ ( e ) =>
							set( 'year', e.target.value, false )
						}
					>
						<option value="">
							{ __( 'Year', 'kestrel-forms' ) }
						</option>
						{ years.map( ( year ) => (
							<option key={ year } value={ String( year ) }>
								{ year }
							</option>
						) ) }
					</select>
				</fieldset>
				<div className="kestrel-form__card-part kestrel-form__card-code">
					<label
						className="kestrel-form__sublabel"
						htmlFor={ ids.input( formId, field.id, 3 ) }
					>
						{ __( 'Security code', 'kestrel-forms' ) }
					</label>
					<input
						{ ...common }
						id={ ids.input( formId, field.id, 3 ) }
						name={ `input_${ field.id }.3` }
						type="text"
						inputMode="numeric"
						autoComplete="cc-csc"
						maxLength={ 4 }
						value={ parts.code }
						onChange={ ( e ) => set( 'code', e.target.value ) }
					/>
				</div>
				<div className="kestrel-form__card-part kestrel-form__card-name">
					<label
						className="kestrel-form__sublabel"
						htmlFor={ ids.input( formId, field.id, 5 ) }
					>
						{ __( 'Cardholder name', 'kestrel-forms' ) }
					</label>
					<input
						{ ...common }
						id={ ids.input( formId, field.id, 5 ) }
						name={ `input_${ field.id }.5` }
						type="text"
						autoComplete="cc-name"
						maxLength={ 200 }
						value={ parts.name }
						onChange={ ( e ) => set( 'name', e.target.value ) }
					/>
				</div>
			</fieldset>
		</FieldShell>
	);
}

/**
 * The detected brand: a generic card glyph with the brand's name (no third-party logos), one
 * text alternative for the whole icon, and "not accepted" when the field refuses the type.
 *
 * @param props           Props.
 * @param props.slug      Card type slug.
 * @param props.name      Brand name.
 * @param props.supported Whether the field accepts this type.
 */
function CardIcon( {
	slug,
	name,
	supported,
}: {
	slug: string;
	name: string;
	supported: boolean;
} ) {
	const label = supported
		? sprintf(
				/* translators: %s: card brand, such as Visa. */
				__( 'Card type: %s', 'kestrel-forms' ),
				name
			)
		: sprintf(
				/* translators: %s: card brand, such as Visa. */
				__( 'Card type: %s (not accepted)', 'kestrel-forms' ),
				name
			);
	return (
		<span
			className={ cx(
				'kestrel-form__card-icon',
				`is-${ slug }`,
				! supported && 'is-unsupported'
			) }
			role="img"
			aria-label={ label }
			data-card-type={ slug }
		>
			<svg
				aria-hidden="true"
				focusable="false"
				width="28"
				height="20"
				viewBox="0 0 28 20"
			>
				<rect
					x="1"
					y="1"
					width="26"
					height="18"
					rx="3"
					fill="none"
					stroke="currentColor"
					strokeWidth="2"
				/>
				<rect x="1" y="5" width="26" height="3" fill="currentColor" />
			</svg>
			<span className="kestrel-form__card-brand" aria-hidden="true">
				{ supported
					? name
					: sprintf(
							/* translators: %s: card brand, such as Visa. */
							__( '%s – not accepted', 'kestrel-forms' ),
							name
						) }
			</span>
		</span>
	);
}
