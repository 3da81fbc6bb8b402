/**
 * Settings of the selected field in accordion panels: general, appearance, advanced and
 * conditional logic. Each key's server error shows under its control.
 */
import {
	Button,
	CheckboxControl,
	PanelBody,
	SelectControl,
	TextControl,
	TextareaControl,
	ToggleControl,
} from '@wordpress/components';
import { useDispatch } from '@wordpress/data';
import { __, sprintf } from '@wordpress/i18n';
import {
	DEFAULT_CARD_RULES,
	type FieldDefinition,
	type FormDefinition,
	type PricingInputType,
	type RepeatedField,
} from '../../shared';
import {
	MergeTagTextareaControl,
	MergeTagTextControl,
} from '../components/merge-tags';
import { store } from '../store/forms';
import { fieldOptionLabel, fieldTypeLabel } from '../store/forms/definition';
import { ChoicesEditor } from './ChoicesEditor';
import {
	AppearancePanel,
	FieldHeading,
	LogicPanel,
	useFieldEdit,
} from './field-edit';
import { ChoiceBehaviours, MinimumStrength } from './field-behaviours';
import { formulaMessage, formulaProblem } from './formula';

const CHOICE_TYPES = [ 'select', 'radio', 'checkbox', 'option' ];

const PRICING_INPUTS: Partial< Record< string, PricingInputType[] > > = {
	product: [
		'singleproduct',
		'select',
		'radio',
		'price',
		'calculation',
		'hiddenproduct',
	],
	option: [ 'select', 'radio', 'checkbox' ],
	shipping: [ 'singleshipping', 'select', 'radio' ],
};

/** Input types with one fixed price (`basePrice`) instead of priced choices. */
const FIXED_PRICE_INPUTS: string[] = [
	'singleproduct',
	'hiddenproduct',
	'singleshipping',
];

/** Number settings: each a number input, its server error under it. */
type NumberKey =
	| 'rangeMin'
	| 'rangeMax'
	| 'maxFiles'
	| 'maxFileSize'
	| 'maxRows'
	| 'maxLength';

/**
 * The name of a pricing field's input type, as the Input type list shows it.
 *
 * @param type Input type.
 */
function inputTypeLabel( type: PricingInputType ): string {
	const labels: Record< PricingInputType, string > = {
		singleproduct: __( 'Single product', 'kestrel-forms' ),
		select: __( 'Drop down', 'kestrel-forms' ),
		radio: __( 'Radio buttons', 'kestrel-forms' ),
		price: __( 'User defined price', 'kestrel-forms' ),
		calculation: __( 'Calculation', 'kestrel-forms' ),
		hiddenproduct: __( 'Hidden product', 'kestrel-forms' ),
		checkbox: __( 'Checkboxes', 'kestrel-forms' ),
		number: __( 'Number', 'kestrel-forms' ),
		singleshipping: __( 'Single method', 'kestrel-forms' ),
	};
	return labels[ type ];
}

/**
 * Whether a field shows a list of choices.
 *
 * @param field Field.
 */
export function hasChoices( field: FieldDefinition ): boolean {
	return (
		CHOICE_TYPES.includes( field.type ) ||
		( [ 'product', 'shipping' ].includes( field.type ) &&
			[ 'select', 'radio' ].includes( field.inputType ?? '' ) )
	);
}

/**
 * A number input's value from text ('' removes the key).
 *
 * @param text Input text.
 */
function numberOrUndefined( text: string ): number | undefined {
	if ( text.trim() === '' ) {
		return undefined;
	}
	const n = Number( text );
	return Number.isFinite( n ) ? n : undefined;
}

function FormulaControl( {
	field,
	form,
	onChange,
}: {
	field: FieldDefinition;
	form: FormDefinition;
	onChange: ( formula: string ) => void;
} ) {
	const problem = formulaProblem( form, field.id );
	const formula = field.calculationFormula ?? '';
	return (
		<div className="kestrel-forms-formula">
			<MergeTagTextareaControl
				form={ form }
				target="formula"
				excludeFieldId={ field.id }
				label={ __( 'Formula', 'kestrel-forms' ) }
				value={ formula }
				onChange={ onChange }
				help={
					problem
						? undefined
						: __(
								'Numbers, merge tags, + - * / and parentheses.',
								'kestrel-forms'
							)
				}
			/>
			{ problem && (
				<p className="kestrel-forms-error" role="alert">
					{ formulaMessage( problem ) }
				</p>
			) }
		</div>
	);
}

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

function RepeaterFields( {
	fields,
	onChange,
}: {
	fields: RepeatedField[];
	onChange: ( fields: RepeatedField[] ) => void;
} ) {
	const set = ( index: number, patch: Partial< RepeatedField > ) =>
		onChange(
			fields.map( ( f, i ) => ( i === index ? { ...f, ...patch } : f ) )
		);
	return (
		<fieldset>
			<legend>{ __( 'Repeated fields', 'kestrel-forms' ) }</legend>
			{ fields.map( ( sub, index ) => (
				<div key={ sub.id } className="kestrel-forms-choices__row">
					<TextControl
						__nextHasNoMarginBottom
						__next40pxDefaultSize
						label={ sprintf(
							/* translators: %d: position. */
							__( 'Repeated field %d label', 'kestrel-forms' ),
							index + 1
						) }
						value={ sub.label }
						onChange={ ( label ) => set( index, { label } ) }
					/>
					<SelectControl
						__nextHasNoMarginBottom
						__next40pxDefaultSize
						label={ sprintf(
							/* translators: %d: position. */
							__( 'Repeated field %d type', 'kestrel-forms' ),
							index + 1
						) }
						value={ sub.type as string }
						options={ [
							'text',
							'textarea',
							'email',
							'number',
							'select',
						].map( ( t ) => ( {
							value: t,
							label: fieldTypeLabel(
								t as RepeatedField[ 'type' ]
							),
						} ) ) }
						onChange={ ( type ) =>
							set( index, {
								type: type as RepeatedField[ 'type' ],
							} )
						}
					/>
					<Button
						variant="tertiary"
						isDestructive
						disabled={ fields.length === 1 }
						onClick={ () =>
							onChange(
								fields.filter( ( _f, i ) => i !== index )
							)
						}
					>
						{ __( 'Remove', 'kestrel-forms' ) }
					</Button>
				</div>
			) ) }
			<Button
				variant="secondary"
				onClick={ () =>
					onChange( [
						...fields,
						{
							id:
								fields.reduce(
									( m, f ) => Math.max( m, f.id ),
									0
								) + 1,
							type: 'text',
							label: __( 'Item', 'kestrel-forms' ),
						},
					] )
				}
			>
				{ __( 'Add repeated field', 'kestrel-forms' ) }
			</Button>
		</fieldset>
	);
}

/**
 * Settings panels of one field.
 *
 * @param props       Props.
 * @param props.field The field.
 * @param props.form  The edited definition.
 */
export function FieldSettings( {
	field,
	form,
}: {
	field: FieldDefinition;
	form: FormDefinition;
} ) {
	const { updateForm } = useDispatch( store );
	const { errors, errorOf, err, set } = useFieldEdit( field );
	const text = (
		key: keyof FieldDefinition,
		label: string,
		multiline = false
	) => {
		const Control = multiline ? TextareaControl : TextControl;
		return (
			<>
				<Control
					__nextHasNoMarginBottom
					{ ...( multiline ? {} : { __next40pxDefaultSize: true } ) }
					label={ label }
					value={ String( field[ key ] ?? '' ) }
					onChange={ ( value: string ) =>
						set(
							{ [ key ]: value === '' ? undefined : value },
							key
						)
					}
				/>
				{ err( key ) }
			</>
		);
	};
	const number = (
		key: NumberKey,
		label: string,
		{ min }: { min?: number } = {}
	) => (
		<>
			<TextControl
				__nextHasNoMarginBottom
				__next40pxDefaultSize
				type="number"
				min={ min }
				label={ label }
				value={ field[ key ] ?? '' }
				onChange={ ( v ) =>
					set( { [ key ]: numberOrUndefined( v ) }, key )
				}
			/>
			{ err( key ) }
		</>
	);
	const products = form.fields.filter( ( f ) => f.type === 'product' );
	const pricingInputs = PRICING_INPUTS[ field.type ];
	const isPage = field.type === 'page';
	const pageIndex = isPage
		? form.fields.filter( ( f ) => f.type === 'page' ).indexOf( field ) + 1
		: 0;
	const pageNames = form.pagination?.pageNames ?? [];

	return (
		<div className="kestrel-forms-field-settings">
			<FieldHeading field={ field } errors={ errors } />
			<PanelBody title={ __( 'General', 'kestrel-forms' ) } initialOpen>
				{ text( 'label', __( 'Field label', 'kestrel-forms' ) ) }
				{ ! isPage &&
					text(
						'description',
						__( 'Description', 'kestrel-forms' ),
						true
					) }
				{ field.type === 'html' &&
					text(
						'content',
						__( 'HTML content', 'kestrel-forms' ),
						true
					) }
				{ ! [ 'section', 'html', 'page', 'hidden', 'total' ].includes(
					field.type
				) && (
					<CheckboxControl
						__nextHasNoMarginBottom
						label={ __( 'Required', 'kestrel-forms' ) }
						checked={ Boolean( field.isRequired ) }
						onChange={ ( isRequired ) =>
							set( { isRequired: isRequired || undefined } )
						}
					/>
				) }
				{ pricingInputs && (
					<SelectControl
						__nextHasNoMarginBottom
						__next40pxDefaultSize
						label={ __( 'Input type', 'kestrel-forms' ) }
						value={ field.inputType }
						options={ pricingInputs.map( ( t ) => ( {
							value: t,
							label: inputTypeLabel( t ),
						} ) ) }
						onChange={ ( inputType ) => {
							const type = inputType as PricingInputType;
							const patch: Partial< FieldDefinition > = {
								inputType: type,
							};
							if (
								[ 'select', 'radio', 'checkbox' ].includes(
									type
								) &&
								! field.choices?.length
							) {
								patch.choices = [
									{
										text: __(
											'First choice',
											'kestrel-forms'
										),
										value: __(
											'First choice',
											'kestrel-forms'
										),
										price: '0.00',
									},
								];
							}
							if (
								FIXED_PRICE_INPUTS.includes( type ) &&
								! field.basePrice
							) {
								patch.basePrice = '0.00';
							}
							set( patch );
						} }
					/>
				) }
				{ FIXED_PRICE_INPUTS.includes( field.inputType ?? '' ) &&
					text( 'basePrice', __( 'Price', 'kestrel-forms' ) ) }
				{ field.type === 'product' && (
					<CheckboxControl
						__nextHasNoMarginBottom
						label={ __( 'No quantity input', 'kestrel-forms' ) }
						checked={ Boolean( field.disableQuantity ) }
						onChange={ ( on ) =>
							set( { disableQuantity: on || undefined } )
						}
					/>
				) }
				{ [ 'option', 'quantity' ].includes( field.type ) && (
					<>
						<SelectControl
							__nextHasNoMarginBottom
							__next40pxDefaultSize
							label={ __( 'Product', 'kestrel-forms' ) }
							value={ String( field.productField ?? '' ) }
							options={ [
								{
									value: '',
									label: __(
										'Choose a product…',
										'kestrel-forms'
									),
								},
								...products.map( ( p ) => ( {
									value: String( p.id ),
									label: fieldOptionLabel( p ),
								} ) ),
							] }
							onChange={ ( id ) =>
								set( {
									productField: id ? Number( id ) : undefined,
								} )
							}
						/>
						{ err( 'productField' ) }
					</>
				) }
				{ hasChoices( field ) && (
					<ChoicesEditor
						choices={ field.choices ?? [] }
						priced={ [ 'option', 'product', 'shipping' ].includes(
							field.type
						) }
						error={ errorOf( 'choices' ) }
						onChange={ ( choices ) => set( { choices } ) }
					/>
				) }
				<ChoiceBehaviours field={ field } set={ set } />
				{ field.type === 'number' && (
					<>
						<SelectControl
							__nextHasNoMarginBottom
							__next40pxDefaultSize
							label={ __( 'Number format', 'kestrel-forms' ) }
							value={ field.numberFormat ?? 'decimal_dot' }
							options={ [
								{ value: 'decimal_dot', label: '9,999.99' },
								{ value: 'decimal_comma', label: '9.999,99' },
							] }
							onChange={ ( numberFormat ) =>
								set( {
									numberFormat:
										numberFormat as FieldDefinition[ 'numberFormat' ],
								} )
							}
						/>
						{ number(
							'rangeMin',
							__( 'Range minimum', 'kestrel-forms' )
						) }
						{ number(
							'rangeMax',
							__( 'Range maximum', 'kestrel-forms' )
						) }
						<ToggleControl
							__nextHasNoMarginBottom
							label={ __(
								'Calculated from a formula',
								'kestrel-forms'
							) }
							checked={ Boolean( field.enableCalculation ) }
							onChange={ ( on ) =>
								set( {
									enableCalculation: on || undefined,
									calculationFormula: on
										? ( field.calculationFormula ?? '' )
										: undefined,
								} )
							}
						/>
					</>
				) }
				{ ( field.enableCalculation ||
					field.inputType === 'calculation' ) && (
					<>
						<FormulaControl
							field={ field }
							form={ form }
							onChange={ ( calculationFormula ) =>
								set(
									{ calculationFormula },
									'calculationFormula'
								)
							}
						/>
						{ err( 'calculationFormula' ) }
						<SelectControl
							__nextHasNoMarginBottom
							__next40pxDefaultSize
							label={ __( 'Rounding', 'kestrel-forms' ) }
							value={ String( field.calculationRounding ?? -1 ) }
							options={ [
								{
									value: '-1',
									label: __(
										'Do not round',
										'kestrel-forms'
									),
								},
								...[ 0, 1, 2, 3, 4 ].map( ( n ) => ( {
									value: String( n ),
									label: sprintf(
										/* translators: %d: decimal places. */
										__(
											'%d decimal places',
											'kestrel-forms'
										),
										n
									),
								} ) ),
							] }
							onChange={ ( v ) =>
								set( {
									calculationRounding:
										v === '-1' ? undefined : Number( v ),
								} )
							}
						/>
					</>
				) }
				{ field.type === 'fileupload' && (
					<>
						<CheckboxControl
							__nextHasNoMarginBottom
							label={ __(
								'Allow several files',
								'kestrel-forms'
							) }
							checked={ Boolean( field.multipleFiles ) }
							onChange={ ( on ) =>
								set( { multipleFiles: on || undefined } )
							}
						/>
						{ field.multipleFiles &&
							number(
								'maxFiles',
								__( 'Most files', 'kestrel-forms' ),
								{ min: 1 }
							) }
						{ number(
							'maxFileSize',
							__( 'Largest file (MB)', 'kestrel-forms' )
						) }
						{ text(
							'allowedExtensions',
							__(
								'Allowed extensions (comma-separated)',
								'kestrel-forms'
							)
						) }
					</>
				) }
				{ field.type === 'list' && (
					<TextControl
						__nextHasNoMarginBottom
						__next40pxDefaultSize
						label={ __(
							'Columns (comma-separated, empty for one)',
							'kestrel-forms'
						) }
						value={ ( field.columns ?? [] ).join( ', ' ) }
						onChange={ ( v ) => {
							const columns = v
								.split( ',' )
								.map( ( c ) => c.trim() )
								.filter( Boolean );
							set(
								{
									columns: columns.length
										? columns
										: undefined,
								},
								'columns'
							);
						} }
					/>
				) }
				{ field.type === 'repeater' && (
					<RepeaterFields
						fields={ field.fields ?? [] }
						onChange={ ( fields ) => set( { fields } ) }
					/>
				) }
				{ [ 'list', 'repeater' ].includes( field.type ) &&
					number( 'maxRows', __( 'Most rows', 'kestrel-forms' ), {
						min: 1,
					} ) }
				{ isPage && (
					<>
						<TextControl
							__nextHasNoMarginBottom
							__next40pxDefaultSize
							label={ __(
								'Name of the page that starts here',
								'kestrel-forms'
							) }
							value={ pageNames[ pageIndex ] ?? '' }
							onChange={ ( name ) => {
								const names = [ ...pageNames ];
								while ( names.length <= pageIndex ) {
									names.push( '' );
								}
								names[ pageIndex ] = name;
								updateForm(
									{
										pagination: {
											...form.pagination,
											pageNames: names,
										},
									},
									`page-name-${ pageIndex }`
								);
							} }
						/>
						<TextControl
							__nextHasNoMarginBottom
							__next40pxDefaultSize
							label={ __( 'Next button text', 'kestrel-forms' ) }
							value={ field.nextButton?.text ?? '' }
							onChange={ ( t ) =>
								set(
									{
										nextButton: {
											...field.nextButton,
											type: 'text',
											text: t,
										},
									},
									'next'
								)
							}
						/>
						<TextControl
							__nextHasNoMarginBottom
							__next40pxDefaultSize
							label={ __(
								'Previous button text',
								'kestrel-forms'
							) }
							value={ field.previousButton?.text ?? '' }
							onChange={ ( t ) =>
								set(
									{
										previousButton: {
											type: 'text',
											text: t,
										},
									},
									'previous'
								)
							}
						/>
					</>
				) }
				{ field.type === 'password' && (
					<>
						<CheckboxControl
							__nextHasNoMarginBottom
							label={ __(
								'Show the strength meter',
								'kestrel-forms'
							) }
							checked={ Boolean( field.passwordStrengthEnabled ) }
							onChange={ ( on ) =>
								set( {
									passwordStrengthEnabled: on || undefined,
								} )
							}
						/>
						{ field.passwordStrengthEnabled && (
							<MinimumStrength field={ field } set={ set } />
						) }
						<CheckboxControl
							__nextHasNoMarginBottom
							label={ __( 'Ask twice', 'kestrel-forms' ) }
							checked={ field.passwordConfirmation !== false }
							onChange={ ( on ) =>
								set( {
									passwordConfirmation: on
										? undefined
										: false,
								} )
							}
						/>
					</>
				) }
				{ field.type === 'creditcard' && (
					<CardTypesControl
						value={ field.creditCards }
						error={ errorOf( 'creditCards' ) }
						onChange={ ( creditCards ) =>
							set( { creditCards }, 'creditCards' )
						}
					/>
				) }
			</PanelBody>
			<AppearancePanel field={ field } sizes>
				{ [
					'text',
					'textarea',
					'email',
					'number',
					'select',
					'password',
				].includes( field.type ) &&
					text(
						'placeholder',
						__( 'Placeholder', 'kestrel-forms' )
					) }
			</AppearancePanel>
			<PanelBody
				title={ __( 'Advanced', 'kestrel-forms' ) }
				initialOpen={ false }
			>
				{ text( 'adminLabel', __( 'Admin label', 'kestrel-forms' ) ) }
				{ ! [ 'section', 'html', 'page', 'total', 'captcha' ].includes(
					field.type
				) && (
					// Merge tags the server fills before an entry exists (docs/merge-tags.md).
					<>
						<MergeTagTextControl
							form={ form }
							target="default"
							label={ __( 'Default value', 'kestrel-forms' ) }
							value={ field.defaultValue ?? '' }
							onChange={ ( value ) =>
								set(
									{
										defaultValue:
											value === '' ? undefined : value,
									},
									'defaultValue'
								)
							}
						/>
						{ err( 'defaultValue' ) }
					</>
				) }
				{ [ 'text', 'textarea' ].includes( field.type ) &&
					number(
						'maxLength',
						__( 'Maximum characters', 'kestrel-forms' )
					) }
				{ text(
					'errorMessage',
					__( 'Custom error message', 'kestrel-forms' )
				) }
			</PanelBody>
			<LogicPanel field={ field } form={ form } />
		</div>
	);
}
