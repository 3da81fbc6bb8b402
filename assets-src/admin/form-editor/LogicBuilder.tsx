/**
 * Conditional-logic builder for fields, sections, next buttons, the submit button and feeds:
 * a rule set is plain data (`{actionType, logicType, rules[]}`) evaluated by the engine.
 */
import {
	Button,
	SelectControl,
	TextControl,
	ToggleControl,
} from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import type { Operator } from '../../forms-engine';
import type {
	ConditionalLogic,
	FieldDefinition,
	FormDefinition,
	LogicRule,
} from '../../shared';
import { fieldOptionLabel, valueFields } from '../store/forms/definition';
import {
	FIELD_LOGIC,
	logicOperators,
	logicTargets,
	logicValues,
} from './field-types/logic';

export interface LogicBuilderProps {
	/** What the rules switch, for the toggle's label ("this field", "the Next button"). */
	subject: string;
	logic: ConditionalLogic | null | undefined;
	onChange: ( logic: ConditionalLogic | null ) => void;
	form: FormDefinition;
	/** A field never depends on itself. */
	excludeFieldId?: number;
}

/**
 * The readable name of an operator.
 *
 * @param operator Operator.
 */
function operatorLabel( operator: string ): string {
	const labels: Record< string, string > = {
		is: __( 'is', 'kestrel-forms' ),
		isnot: __( 'is not', 'kestrel-forms' ),
		'>': __( 'greater than', 'kestrel-forms' ),
		'<': __( 'less than', 'kestrel-forms' ),
		contains: __( 'contains', 'kestrel-forms' ),
		starts_with: __( 'starts with', 'kestrel-forms' ),
		ends_with: __( 'ends with', 'kestrel-forms' ),
	};
	return labels[ operator ] ?? operator;
}

/**
 * Rules in words, for a summary beside what they switch: `Name (1) is "Ada"; Colour (2) is
 * "Blue"`. A choice value reads as its label; a field the form no longer has reads as its id.
 *
 * @param rules Rules.
 * @param form  The definition the rules read.
 */
export function describeRules(
	rules: LogicRule[],
	form: FormDefinition
): string {
	return rules
		.map( ( rule ) => {
			const id = rule.fieldId.split( '.' )[ 0 ];
			const field = form.fields.find( ( f ) => String( f.id ) === id );
			const value =
				logicValues( field ).find( ( c ) => c.value === rule.value )
					?.label ?? rule.value;
			const target = field
				? logicTargets( field ).find( ( t ) => t.id === rule.fieldId )
				: undefined;
			return sprintf(
				/* translators: 1: field name, 2: operator ("is", "contains"), 3: value. */
				__( '%1$s %2$s "%3$s"', 'kestrel-forms' ),
				target?.label ??
					( field
						? fieldOptionLabel( field, rule.fieldId )
						: `#${ rule.fieldId }` ),
				operatorLabel( rule.operator ),
				value
			);
		} )
		.join( '; ' );
}

/**
 * The builder.
 *
 * @param props                Props.
 * @param props.subject
 * @param props.logic
 * @param props.onChange
 * @param props.form
 * @param props.excludeFieldId
 */
export function LogicBuilder( {
	subject,
	logic,
	onChange,
	form,
	excludeFieldId,
}: LogicBuilderProps ) {
	const sources = valueFields( form ).filter(
		( f ) => f.id !== excludeFieldId
	);
	const newRule = (): LogicRule => ( {
		fieldId: sources[ 0 ] ? logicTargets( sources[ 0 ] )[ 0 ].id : '',
		operator: 'is',
		value: '',
	} );
	const enabled = Boolean( logic );
	const setRule = ( index: number, patch: Partial< LogicRule > ) =>
		logic &&
		onChange( {
			...logic,
			rules: logic.rules.map( ( r, i ) =>
				i === index ? { ...r, ...patch } : r
			),
		} );

	return (
		<div className="kestrel-forms-logic">
			<ToggleControl
				__nextHasNoMarginBottom
				label={ sprintf(
					/* translators: %s: what the logic applies to. */
					__( 'Conditional logic for %s', 'kestrel-forms' ),
					subject
				) }
				checked={ enabled }
				disabled={ ! enabled && sources.length === 0 }
				help={
					! enabled && sources.length === 0
						? __(
								'Add a field with a value first.',
								'kestrel-forms'
							)
						: undefined
				}
				onChange={ ( on ) =>
					onChange(
						on
							? {
									actionType: 'show',
									logicType: 'all',
									rules: [ newRule() ],
								}
							: null
					)
				}
			/>
			{ logic && (
				<>
					<div className="kestrel-forms-logic__head">
						<SelectControl
							__nextHasNoMarginBottom
							__next40pxDefaultSize
							label={ __( 'Action', 'kestrel-forms' ) }
							value={ logic.actionType }
							options={ [
								{
									value: 'show',
									label: __( 'Show', 'kestrel-forms' ),
								},
								{
									value: 'hide',
									label: __( 'Hide', 'kestrel-forms' ),
								},
							] }
							onChange={ ( actionType ) =>
								onChange( {
									...logic,
									actionType: actionType as 'show' | 'hide',
								} )
							}
						/>
						<SelectControl
							__nextHasNoMarginBottom
							__next40pxDefaultSize
							label={ __( 'When', 'kestrel-forms' ) }
							value={ logic.logicType }
							options={ [
								{
									value: 'all',
									label: __(
										'all rules match',
										'kestrel-forms'
									),
								},
								{
									value: 'any',
									label: __(
										'any rule matches',
										'kestrel-forms'
									),
								},
							] }
							onChange={ ( logicType ) =>
								onChange( {
									...logic,
									logicType: logicType as 'all' | 'any',
								} )
							}
						/>
					</div>
					{ logic.rules.map( ( rule, index ) => {
						const n = index + 1;
						return (
							<fieldset
								key={ index }
								className="kestrel-forms-logic__rule"
							>
								<legend>
									{ sprintf(
										/* translators: %d: rule number. */
										__( 'Rule %d', 'kestrel-forms' ),
										n
									) }
								</legend>
								<RuleControls
									rule={ rule }
									sources={ sources }
									onChange={ ( patch ) =>
										setRule( index, patch )
									}
								/>
								<Button
									variant="tertiary"
									isDestructive
									disabled={ logic.rules.length === 1 }
									onClick={ () =>
										onChange( {
											...logic,
											rules: logic.rules.filter(
												( _r, i ) => i !== index
											),
										} )
									}
								>
									{ sprintf(
										/* translators: %d: rule number. */
										__( 'Remove rule %d', 'kestrel-forms' ),
										n
									) }
								</Button>
							</fieldset>
						);
					} ) }
					<Button
						variant="secondary"
						onClick={ () =>
							onChange( {
								...logic,
								rules: [ ...logic.rules, newRule() ],
							} )
						}
					>
						{ __( 'Add rule', 'kestrel-forms' ) }
					</Button>
				</>
			) }
		</div>
	);
}

/**
 * The field, operator and value of one rule (also the routing rules of notifications). The
 * targets, operators and values are the field type's (`field-types/logic.ts`): a name's inputs,
 * a date's ordering operators, a consent's "checked".
 *
 * @param props          Props.
 * @param props.rule     The rule.
 * @param props.sources  Fields a rule may read.
 * @param props.onChange Called with the changed keys.
 */
export function RuleControls( {
	rule,
	sources,
	onChange,
}: {
	rule: LogicRule;
	sources: FieldDefinition[];
	onChange: ( patch: Partial< LogicRule > ) => void;
} ) {
	const sourceOf = ( fieldId: string ) =>
		sources.find( ( f ) => String( f.id ) === fieldId.split( '.' )[ 0 ] );
	const source = sourceOf( rule.fieldId );
	const values = logicValues( source );
	const help = source && FIELD_LOGIC[ source.type ]?.valueHelp?.();
	return (
		<>
			<SelectControl
				__nextHasNoMarginBottom
				__next40pxDefaultSize
				label={ __( 'Field', 'kestrel-forms' ) }
				value={ rule.fieldId }
				options={ sources.flatMap( ( f ) =>
					logicTargets( f ).map( ( t ) => ( {
						value: t.id,
						label: t.label,
					} ) )
				) }
				onChange={ ( fieldId ) => {
					// An operator the new field does not offer falls back to "is".
					const offered = logicOperators( sourceOf( fieldId ) );
					onChange( {
						fieldId,
						value: '',
						...( offered.includes( rule.operator as Operator )
							? {}
							: { operator: 'is' } ),
					} );
				} }
			/>
			<SelectControl
				__nextHasNoMarginBottom
				__next40pxDefaultSize
				label={ __( 'Operator', 'kestrel-forms' ) }
				value={ rule.operator }
				options={ logicOperators( source ).map( ( op ) => ( {
					value: op as string,
					label: operatorLabel( op ),
				} ) ) }
				onChange={ ( operator ) => onChange( { operator } ) }
			/>
			{ values.length ? (
				<SelectControl
					__nextHasNoMarginBottom
					__next40pxDefaultSize
					label={ __( 'Value', 'kestrel-forms' ) }
					value={ rule.value }
					options={ [
						{ value: '', label: __( '(empty)', 'kestrel-forms' ) },
						...values,
					] }
					onChange={ ( value ) => onChange( { value } ) }
				/>
			) : (
				<TextControl
					__nextHasNoMarginBottom
					__next40pxDefaultSize
					label={ __( 'Value', 'kestrel-forms' ) }
					help={ help }
					value={ rule.value }
					onChange={ ( value ) => onChange( { value } ) }
				/>
			) }
		</>
	);
}
