import type {
	ConditionalLogic,
	FieldDefinition,
	FormDefinition,
	FormValues,
	LogicRule,
} from '../../shared';
import {
	currency as currencyOf,
	decimalFromNumber,
	formatNumber,
	labelFromChoice,
	priceFromChoice,
	roundDecimal,
	toNumber,
} from '../../shared/money';
import { evaluateWithTags } from '../formula/compiled';
import type { MergeTag } from '../formula/merge-tags';
import { valuesMatch } from '../logic/operators';
import { fieldTypeUnit } from '../field-types/registry';
import { textUnit } from '../field-types/text';
import { initialValues } from '../values/initial-values';
import { columnCells, isRepeated } from '../values/rows';
import {
	buildGraph,
	fieldIdOf,
	isCalculated,
	SUBMIT_NODE,
	type DependencyGraph,
} from './graph';
import {
	computePricing,
	formatTotal,
	quantityKey,
	type Pricing,
} from '../pricing/pricing';

/** The computed state of a form for some entered values. */
export interface Evaluation {
	/** Visibility of every field. */
	visible: Record< number, boolean >;
	/** Whether the submit button shows (and is enabled). */
	submitVisible: boolean;
	/** Effective values: hidden fields are back at their defaults, calculated fields are filled. */
	values: FormValues;
	/** Numeric results of calculated fields (null: no result). */
	calculated: Record< number, number | null >;
	/** Products, shipping and total, when the form has products. */
	pricing: Pricing | null;
	/** Whether each page break's Next button shows (and is enabled). */
	nextVisible: Record< number, boolean >;
}

/** A form prepared for evaluation: fields by id, defaults and the dependency graph. */
export interface PreparedForm {
	form: FormDefinition;
	byId: Map< number, FieldDefinition >;
	defaults: FormValues;
	graph: DependencyGraph;
	hasPricing: boolean;
}

/**
 * Prepares a form once (the graph build refuses cycles).
 *
 * @param  form Form definition.
 * @throws {import('./graph').DependencyCycleError} On a cycle.
 */
export function prepareForm( form: FormDefinition ): PreparedForm {
	return {
		form,
		byId: new Map( form.fields.map( ( f ) => [ f.id, f ] ) ),
		defaults: initialValues( form ),
		graph: buildGraph( form ),
		hasPricing: form.fields.some( ( f ) => isPriced( f, 'product' ) ),
	};
}

/**
 * Evaluates every node: visibility, calculated values, submit button.
 *
 * @param prepared Prepared form.
 * @param entered  Values the visitor entered, by field id.
 */
export function evaluateForm(
	prepared: PreparedForm,
	entered: FormValues
): Evaluation {
	const state: Evaluation = {
		visible: {},
		submitVisible: true,
		values: {},
		calculated: {},
		pricing: null,
		nextVisible: {},
	};
	for ( const node of prepared.graph.order ) {
		evaluateNode( prepared, entered, state, node );
	}
	return priceForm( prepared, entered, state );
}

/**
 * Re-evaluates only what depends on a changed field, in dependency order.
 *
 * @param prepared             Prepared form.
 * @param entered              Values the visitor entered (with the change applied).
 * @param previous             The evaluation before the change.
 * @param changed              The field whose value changed.
 * @param options              `deferPricing`: keep the previous products and total; the caller prices the
 *                             form later with `priceForm` (the browser debounces totals by 50 ms, spec §9).
 * @param options.deferPricing
 * @return The new evaluation and the nodes evaluated, in the order evaluated (as many as the
 *         change reached: the cost follows them).
 */
export function reevaluate(
	prepared: PreparedForm,
	entered: FormValues,
	previous: Evaluation,
	changed: number,
	options: { deferPricing?: boolean } = {}
): { evaluation: Evaluation; nodes: number[] } {
	const affected = new Set< number >( [ changed ] );
	const queue = [ changed ];
	while ( queue.length ) {
		for ( const dependent of prepared.graph.dependents.get(
			queue.shift() as number
		) ?? [] ) {
			if ( ! affected.has( dependent ) ) {
				affected.add( dependent );
				queue.push( dependent );
			}
		}
	}
	const state: Evaluation = {
		visible: { ...previous.visible },
		submitVisible: previous.submitVisible,
		values: { ...previous.values },
		calculated: { ...previous.calculated },
		pricing: previous.pricing,
		nextVisible: { ...previous.nextVisible },
	};
	// Only the affected nodes, in dependency order: cost follows the dependents, not the form.
	const position = prepared.graph.position;
	const nodes = [ ...affected ]
		.filter( ( node ) => position.has( node ) )
		.sort(
			( a, b ) => ( position.get( a ) ?? 0 ) - ( position.get( b ) ?? 0 )
		);
	for ( const node of nodes ) {
		evaluateNode( prepared, entered, state, node );
	}
	return {
		evaluation: options.deferPricing
			? state
			: priceForm( prepared, entered, state ),
		nodes,
	};
}

/**
 * Adds products and total (linear in the fields) and writes the total field.
 *
 * @param prepared Prepared form.
 * @param entered  Entered values (a product's own quantity input lives there).
 * @param state    Evaluation of the fields (updated in place and returned).
 */
export function priceForm(
	prepared: PreparedForm,
	entered: FormValues,
	state: Evaluation
): Evaluation {
	if ( ! prepared.hasPricing ) {
		return state;
	}
	const values: FormValues = { ...state.values };
	for ( const field of prepared.form.fields ) {
		if ( isPriced( field, 'product' ) ) {
			const key = quantityKey( field.id );
			values[ key ] = state.visible[ field.id ]
				? ( entered[ key ] ?? '1' )
				: '0';
		}
	}
	state.pricing = computePricing(
		prepared.form,
		values,
		state.visible,
		state.calculated
	);
	for ( const field of prepared.form.fields ) {
		if ( isPriced( field, 'total' ) ) {
			state.values[ field.id ] = formatTotal( state.pricing );
		}
	}
	return state;
}

/**
 * Whether a field's type is a product or the total to pricing (its unit says).
 *
 * @param field Field.
 * @param role  'product' or 'total'.
 */
function isPriced(
	field: FieldDefinition,
	role: 'product' | 'total'
): boolean {
	return fieldTypeUnit( field.type )?.pricing === role;
}

function evaluateNode(
	prepared: PreparedForm,
	entered: FormValues,
	state: Evaluation,
	node: number
): void {
	if ( node === SUBMIT_NODE ) {
		state.submitVisible = logicShows(
			prepared,
			state,
			prepared.form.button?.conditionalLogic
		);
		return;
	}
	const field = prepared.byId.get( node ) as FieldDefinition;
	const section = prepared.graph.sectionOf.get( node );
	const page = prepared.graph.pageOf.get( node );
	const shown =
		( section === undefined || state.visible[ section ] ) &&
		( page === undefined || state.visible[ page ] ) &&
		logicShows( prepared, state, field.conditionalLogic );
	state.visible[ node ] = shown;
	if ( fieldTypeUnit( field.type )?.pageBreak ) {
		state.nextVisible[ node ] = logicShows(
			prepared,
			state,
			field.nextButton?.conditionalLogic
		);
		return;
	}

	if ( isCalculated( field ) ) {
		const result = shown ? calculate( prepared, state, field ) : null;
		state.calculated[ node ] = result;
		if ( isPriced( field, 'product' ) ) {
			return; // A calculated price is pricing's, never a value.
		}
		state.values[ node ] =
			result === null
				? ''
				: formatNumber(
						result,
						field.calculationRounding ?? -1,
						field.numberFormat ?? 'decimal_dot'
					);
		return;
	}
	if ( node in prepared.defaults ) {
		// Hiding resets the field to its default (spec §4).
		state.values[ node ] = shown
			? ( entered[ node ] ?? prepared.defaults[ node ] )
			: prepared.defaults[ node ];
	}
}

/**
 * Whether a rule set shows its target: no logic shows; a match applies actionType, no match
 * its opposite.
 *
 * @param prepared Prepared form.
 * @param state    Current evaluation.
 * @param logic    Rule set.
 */
export function logicShows(
	prepared: PreparedForm,
	state: Evaluation,
	logic: ConditionalLogic | null | undefined
): boolean {
	if ( ! logic ) {
		return true;
	}
	const results = logic.rules.map( ( rule ) =>
		ruleHolds( prepared, state, rule )
	);
	const matched =
		logic.logicType === 'any'
			? results.some( Boolean )
			: results.every( Boolean );
	return matched === ( logic.actionType === 'show' );
}

function ruleHolds(
	prepared: PreparedForm,
	state: Evaluation,
	rule: LogicRule
): boolean {
	const field = prepared.byId.get( fieldIdOf( rule.fieldId ) );
	if ( ! field ) {
		return valuesMatch( rule.operator, [], String( rule.value ?? '' ) );
	}
	// The type says what a rule reads (one input of a name, a date as Y-m-d, a number…).
	const reading = ( fieldTypeUnit( field.type ) ?? textUnit ).ruleValue(
		field,
		state.values[ field.id ],
		String( rule.fieldId )
	);
	return valuesMatch(
		rule.operator,
		reading.values.map( labelFromChoice ),
		String( rule.value ?? '' ),
		reading.format
	);
}

function calculate(
	prepared: PreparedForm,
	state: Evaluation,
	field: FieldDefinition
): number | null {
	let result = evaluateWithTags( field.calculationFormula ?? '', ( tag ) =>
		numberOf( prepared, state, tag )
	);
	if ( result === null ) {
		return null;
	}
	const price = isPriced( field, 'product' );
	if ( ! Number.isFinite( result ) ) {
		// A price that cannot be worked out has no result (an error, never 0); a number shows 0.
		if ( price ) {
			return null;
		}
		result = 0;
	}
	// Prices use the currency's decimals; numbers their own rounding (-1: none).
	const rounding = price
		? currencyOf( prepared.form.currency ).decimals
		: ( field.calculationRounding ?? -1 );
	// What the visitor sees is what is saved (issue 3, decision 2).
	return rounding >= 0
		? Number( roundDecimal( decimalFromNumber( result ), rounding ) )
		: result;
}

/**
 * The number a merge tag stands for: 0 for hidden or missing fields and for text that is not a
 * number; prices for `text|price` values; the sum of checked values for a whole checkbox field.
 *
 * @param prepared Prepared form.
 * @param state    Current evaluation.
 * @param tag      Merge tag.
 */
function numberOf(
	prepared: PreparedForm,
	state: Evaluation,
	tag: MergeTag
): number {
	const id = fieldIdOf( tag.inputId );
	const field = prepared.byId.get( id );
	if ( ! field || ! state.visible[ id ] ) {
		return 0;
	}
	if ( id in state.calculated ) {
		return state.calculated[ id ] ?? 0;
	}
	const value = state.values[ id ];
	const read = ( text: string, format = field.numberFormat ): number =>
		tag.modifier === 'price' || text.includes( '|' )
			? priceFromChoice( text )
			: ( toNumber( text, format ?? 'decimal_dot' ) ?? 0 );
	if ( isRepeated( field ) ) {
		// A list or repeater column sums its rows: {:5.2} is column 2 of field 5.
		const column = tag.inputId.includes( '.' )
			? Number( tag.inputId.split( '.' )[ 1 ] )
			: null;
		const format =
			column !== null
				? field.fields?.[ column - 1 ]?.numberFormat
				: undefined;
		return columnCells( field, value, column ).reduce(
			( sum, cell ) => sum + read( cell, format ),
			0
		);
	}
	// What rules read is what a merge tag reads: text that is no number (a name, a date, a
	// time) counts 0, as any text does; checked choices add up.
	return ( fieldTypeUnit( field.type ) ?? textUnit )
		.ruleValue( field, value, tag.inputId )
		.values.reduce( ( sum, v ) => sum + read( v ), 0 );
}
