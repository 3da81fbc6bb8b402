import type { FieldDefinition, FormDefinition } from '../../shared';
import { mergeTagsOf } from '../formula/merge-tags';

/** The submit button's node in the dependency graph (field ids are positive). */
export const SUBMIT_NODE = 0;

/**
 * Which fields depend on which, in an order that evaluates every field after what it reads
 * (HyperFormula-style: a change recomputes only its dependents, in this order).
 */
export interface DependencyGraph {
	/** Field ids (and SUBMIT_NODE) in evaluation order. */
	order: number[];
	/** Each node's index in `order`. */
	position: Map< number, number >;
	/** Direct dependents of each node. */
	dependents: Map< number, number[] >;
	/** The section each field belongs to, if any. */
	sectionOf: Map< number, number >;
	/** The page break each field comes after, if any (its page). */
	pageOf: Map< number, number >;
}

/** A form whose rules and formulas depend on each other in a circle. */
export class DependencyCycleError extends Error {
	readonly code = 'kestrel_forms_dependency_cycle';

	constructor( readonly fieldIds: number[] ) {
		super(
			`Fields depend on each other in a cycle: ${ fieldIds.join( ', ' ) }`
		);
	}
}

/**
 * The field id an input id or rule fieldId names ("3.2" → 3).
 *
 * @param id Field or input id.
 */
export function fieldIdOf( id: string | number ): number {
	return Math.trunc( Number( String( id ).split( '.' )[ 0 ] ) );
}

/**
 * Builds the dependency graph of a form.
 *
 * @param  form Form definition.
 * @throws {DependencyCycleError} When rules and formulas form a cycle.
 */
export function buildGraph( form: FormDefinition ): DependencyGraph {
	const ids = new Set( form.fields.map( ( f ) => f.id ) );
	const reads = new Map< number, Set< number > >();
	const sectionOf = new Map< number, number >();
	const pageOf = new Map< number, number >();

	let section: number | null = null;
	let page: number | null = null;
	for ( const field of form.fields ) {
		if ( field.type === 'page' ) {
			// A page break ends the section before it and starts a page.
			section = null;
			page = field.id;
		} else {
			if ( field.type === 'section' ) {
				section = field.id;
			} else if ( section !== null ) {
				sectionOf.set( field.id, section );
			}
			if ( page !== null ) {
				pageOf.set( field.id, page );
			}
		}
		const deps = new Set< number >( readsOf( field ) );
		if ( sectionOf.has( field.id ) ) {
			deps.add( sectionOf.get( field.id ) as number );
		}
		if ( pageOf.has( field.id ) ) {
			deps.add( pageOf.get( field.id ) as number );
		}
		reads.set( field.id, deps );
	}
	reads.set(
		SUBMIT_NODE,
		new Set(
			( form.button?.conditionalLogic?.rules ?? [] ).map( ( r ) =>
				fieldIdOf( r.fieldId )
			)
		)
	);

	// Kahn's algorithm, keeping form order among ready nodes.
	const nodes = [ ...form.fields.map( ( f ) => f.id ), SUBMIT_NODE ];
	const dependents = new Map< number, number[] >(
		nodes.map( ( n ) => [ n, [] ] )
	);
	const pending = new Map< number, number >();
	for ( const node of nodes ) {
		const deps = [ ...( reads.get( node ) as Set< number > ) ].filter(
			( d ) => ids.has( d ) && d !== node
		);
		pending.set( node, deps.length );
		deps.forEach( ( d ) => dependents.get( d )?.push( node ) );
		if ( ( reads.get( node ) as Set< number > ).has( node ) ) {
			throw new DependencyCycleError( [ node ] );
		}
	}
	const order: number[] = [];
	const ready = nodes.filter( ( n ) => pending.get( n ) === 0 );
	while ( ready.length ) {
		const node = ready.shift() as number;
		order.push( node );
		for ( const dependent of dependents.get( node ) as number[] ) {
			const left = ( pending.get( dependent ) as number ) - 1;
			pending.set( dependent, left );
			if ( left === 0 ) {
				ready.push( dependent );
			}
		}
	}
	if ( order.length !== nodes.length ) {
		throw new DependencyCycleError(
			cycleMembers(
				nodes.filter( ( n ) => ! order.includes( n ) ),
				reads
			)
		);
	}
	return {
		order,
		position: new Map( order.map( ( node, index ) => [ node, index ] ) ),
		dependents,
		sectionOf,
		pageOf,
	};
}

/**
 * Whether a field's value comes from its formula: calculated numbers and calculated products.
 *
 * @param field Field.
 */
export function isCalculated( field: FieldDefinition ): boolean {
	return (
		( field.type === 'number' && !! field.enableCalculation ) ||
		( field.type === 'product' && field.inputType === 'calculation' )
	);
}

/**
 * Fields a field's own rules and formula read.
 *
 * @param field Field.
 */
function readsOf( field: FieldDefinition ): number[] {
	const out = [
		...( field.conditionalLogic?.rules ?? [] ),
		...( field.nextButton?.conditionalLogic?.rules ?? [] ),
	].map( ( r ) => fieldIdOf( r.fieldId ) );
	if ( isCalculated( field ) && field.calculationFormula ) {
		out.push(
			...mergeTagsOf( field.calculationFormula ).map( ( t ) =>
				fieldIdOf( t.inputId )
			)
		);
	}
	return out;
}

/**
 * Of the nodes left after a topological sort, those that reach themselves (the cycles), not the
 * ones merely downstream of a cycle.
 *
 * @param left  Unsorted nodes.
 * @param reads What each node reads.
 */
function cycleMembers(
	left: number[],
	reads: Map< number, Set< number > >
): number[] {
	const inLeft = new Set( left );
	return left.filter( ( start ) => {
		const stack = [ ...( reads.get( start ) ?? [] ) ].filter( ( n ) =>
			inLeft.has( n )
		);
		const seen = new Set< number >();
		while ( stack.length ) {
			const node = stack.pop() as number;
			if ( node === start ) {
				return true;
			}
			if ( ! seen.has( node ) ) {
				seen.add( node );
				stack.push(
					...[ ...( reads.get( node ) ?? [] ) ].filter( ( n ) =>
						inLeft.has( n )
					)
				);
			}
		}
		return false;
	} );
}
