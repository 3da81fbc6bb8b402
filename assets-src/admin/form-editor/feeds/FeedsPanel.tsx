/**
 * The form's feeds (schema `$defs.feed`): add one for any registered add-on (FormEditorPage's
 * `feedAddons`), name it, switch it on or off, give it rules and the add-on's settings, change
 * the order they run in, and delete it. The run order is the engine's (forms-engine
 * `byPriority`: lower priority first, ties in list order); moving a feed rewrites every
 * priority as its position, so the list shown is the order they run in.
 */
import {
	Button,
	SelectControl,
	TextControl,
	TextareaControl,
	ToggleControl,
} from '@wordpress/components';
import { useDispatch } from '@wordpress/data';
import { useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import { byPriority } from '../../../forms-engine';
import type { Feed, FormDefinition } from '../../../shared';
import { store } from '../../store/forms';
import { describeRules, LogicBuilder } from '../LogicBuilder';
import { moveItem } from '../list-order';

/**
 * When a feed runs, in words: always, or by its rules.
 *
 * @param feed Feed.
 * @param form The definition its rules read.
 */
export function feedLogicSummary( feed: Feed, form: FormDefinition ): string {
	const logic = feed.conditionalLogic;
	if ( ! logic || logic.rules.length === 0 ) {
		return __( 'Runs for every entry.', 'kestrel-forms' );
	}
	const rules = describeRules( logic.rules, form );
	if ( logic.actionType === 'hide' ) {
		return logic.logicType === 'any'
			? sprintf(
					/* translators: %s: rules in words. */
					__(
						'Skipped when any of these match: %s',
						'kestrel-forms'
					),
					rules
				)
			: sprintf(
					/* translators: %s: rules in words. */
					__(
						'Skipped when all of these match: %s',
						'kestrel-forms'
					),
					rules
				);
	}
	return logic.logicType === 'any'
		? sprintf(
				/* translators: %s: rules in words. */
				__( 'Runs when any of these match: %s', 'kestrel-forms' ),
				rules
			)
		: sprintf(
				/* translators: %s: rules in words. */
				__( 'Runs when all of these match: %s', 'kestrel-forms' ),
				rules
			);
}

/**
 * Feeds in run order with one moved by `step` places, every priority rewritten as the position.
 *
 * @param feeds  Feeds.
 * @param feedId The feed to move.
 * @param step   -1 (earlier) or 1 (later).
 */
export function moveFeed(
	feeds: Feed[],
	feedId: number,
	step: -1 | 1
): Feed[] {
	const ordered = [ ...byPriority( feeds ) ];
	const from = ordered.findIndex( ( f ) => f.feedId === feedId );
	const moved = from < 0 ? ordered : moveItem( ordered, from, from + step );
	return moved === ordered
		? feeds
		: moved.map( ( f, priority ) => ( { ...f, priority } ) );
}

/**
 * The add-on's settings as JSON text, edited locally: the definition changes only when the text
 * is a JSON object.
 *
 * @param props          Props.
 * @param props.label    Control label.
 * @param props.meta     The feed's meta.
 * @param props.onChange Called with a valid object (undefined when empty).
 */
function MetaEditor( {
	label,
	meta,
	onChange,
}: {
	label: string;
	meta: Feed[ 'meta' ];
	onChange: ( meta: Feed[ 'meta' ] ) => void;
} ) {
	const [ text, setText ] = useState(
		meta ? JSON.stringify( meta, null, 2 ) : ''
	);
	const [ problem, setProblem ] = useState( '' );
	return (
		<>
			<TextareaControl
				__nextHasNoMarginBottom
				label={ label }
				help={ __(
					'The settings the add-on reads, as a JSON object (see its documentation). Empty: none.',
					'kestrel-forms'
				) }
				value={ text }
				onChange={ ( next ) => {
					setText( next );
					if ( next.trim() === '' ) {
						setProblem( '' );
						onChange( undefined );
						return;
					}
					try {
						const value: unknown = JSON.parse( next );
						if (
							! value ||
							typeof value !== 'object' ||
							Array.isArray( value )
						) {
							throw new Error( 'not an object' );
						}
						setProblem( '' );
						onChange( value as Record< string, unknown > );
					} catch {
						setProblem(
							__(
								'Not saved yet: this is not a JSON object.',
								'kestrel-forms'
							)
						);
					}
				} }
			/>
			{ problem && (
				<p className="kestrel-forms-error" role="alert">
					{ problem }
				</p>
			) }
		</>
	);
}

/**
 * The feeds of the form.
 *
 * @param props            Props.
 * @param props.form       The edited definition.
 * @param props.addonNames Names of the registered add-ons by slug; a feed's slug without one
 *                         shows as itself.
 * @param props.error      The server's messages about the feeds.
 */
export function FeedsPanel( {
	form,
	addonNames,
	error,
}: {
	form: FormDefinition;
	addonNames: Record< string, string >;
	error?: string;
} ) {
	const { updateForm } = useDispatch( store );
	const feeds = form.feeds ?? [];
	const ordered = byPriority( feeds );
	const slugs = Object.keys( addonNames );
	const [ addon, setAddon ] = useState( slugs[ 0 ] ?? '' );
	const [ open, setOpen ] = useState< number | null >( null );
	const write = ( next: Feed[], key?: string ) =>
		updateForm( { feeds: next.length ? next : undefined }, key );
	// A key patched to undefined leaves the feed (the definition keeps no empty keys).
	const patch = ( feedId: number, change: Partial< Feed >, key?: string ) =>
		write(
			feeds.map( ( f ) =>
				f.feedId === feedId
					? ( Object.fromEntries(
							Object.entries( { ...f, ...change } ).filter(
								( [ , v ] ) => v !== undefined
							)
						) as unknown as Feed )
					: f
			),
			key
		);
	const nameOf = ( feed: Feed ) => feed.name || `#${ feed.feedId }`;
	const addonOf = ( slug: string ) => addonNames[ slug ] || slug;

	const add = () => {
		const slug = slugs.includes( addon ) ? addon : slugs[ 0 ];
		if ( ! slug ) {
			return;
		}
		const feedId =
			feeds.reduce( ( m, f ) => Math.max( m, f.feedId ), 0 ) + 1;
		const last = ordered[ ordered.length - 1 ];
		write( [
			...feeds,
			{
				feedId,
				addonSlug: slug,
				name: sprintf(
					/* translators: 1: add-on name, 2: feed number. */
					__( '%1$s feed %2$d', 'kestrel-forms' ),
					addonOf( slug ),
					feedId
				),
				isActive: true,
				priority: last ? ( last.priority ?? 0 ) + 1 : 0,
			},
		] );
		setOpen( feedId );
	};

	return (
		<div className="kestrel-forms-feeds">
			{ ordered.length === 0 ? (
				<p>{ __( 'This form has no feeds.', 'kestrel-forms' ) }</p>
			) : (
				<ol className="kestrel-forms-feeds__list">
					{ ordered.map( ( feed, index ) => {
						const name = nameOf( feed );
						const editing = open === feed.feedId;
						return (
							<li
								key={ feed.feedId }
								className="kestrel-forms-feed"
								aria-label={ name }
							>
								<p className="kestrel-forms-feed__title">
									<strong>{ name }</strong>{ ' ' }
									<span className="kestrel-forms-feed__addon">
										{ addonOf( feed.addonSlug ) }
									</span>
									{ ' · ' }
									<span className="kestrel-forms-feed__state">
										{ feed.isActive === false
											? __( 'Off', 'kestrel-forms' )
											: __( 'On', 'kestrel-forms' ) }
									</span>
								</p>
								<p className="kestrel-forms-feed__logic">
									{ feedLogicSummary( feed, form ) }
								</p>
								<div className="kestrel-forms-feed__tools">
									<Button
										size="small"
										variant="secondary"
										aria-expanded={ editing }
										onClick={ () =>
											setOpen(
												editing ? null : feed.feedId
											)
										}
									>
										{ sprintf(
											/* translators: %s: feed name. */
											__( 'Edit %s', 'kestrel-forms' ),
											name
										) }
									</Button>
									<Button
										size="small"
										variant="tertiary"
										disabled={ index === 0 }
										label={ sprintf(
											/* translators: %s: feed name. */
											__(
												'Run %s earlier',
												'kestrel-forms'
											),
											name
										) }
										onClick={ () =>
											write(
												moveFeed(
													feeds,
													feed.feedId,
													-1
												)
											)
										}
									>
										↑
									</Button>
									<Button
										size="small"
										variant="tertiary"
										disabled={
											index === ordered.length - 1
										}
										label={ sprintf(
											/* translators: %s: feed name. */
											__(
												'Run %s later',
												'kestrel-forms'
											),
											name
										) }
										onClick={ () =>
											write(
												moveFeed(
													feeds,
													feed.feedId,
													1
												)
											)
										}
									>
										↓
									</Button>
									<Button
										size="small"
										variant="tertiary"
										isDestructive
										label={ sprintf(
											/* translators: %s: feed name. */
											__( 'Delete %s', 'kestrel-forms' ),
											name
										) }
										onClick={ () => {
											write(
												feeds.filter(
													( f ) =>
														f.feedId !== feed.feedId
												)
											);
											setOpen( null );
										} }
									>
										{ __( 'Delete', 'kestrel-forms' ) }
									</Button>
								</div>
								{ editing && (
									<div className="kestrel-forms-feed__edit">
										<TextControl
											__nextHasNoMarginBottom
											__next40pxDefaultSize
											label={ __(
												'Feed name',
												'kestrel-forms'
											) }
											value={ feed.name ?? '' }
											onChange={ ( value ) =>
												patch(
													feed.feedId,
													{
														name:
															value || undefined,
													},
													`feed-${ feed.feedId }-name`
												)
											}
										/>
										<ToggleControl
											__nextHasNoMarginBottom
											label={ __(
												'Active',
												'kestrel-forms'
											) }
											checked={ feed.isActive !== false }
											onChange={ ( on ) =>
												patch( feed.feedId, {
													isActive: on,
												} )
											}
										/>
										<ToggleControl
											__nextHasNoMarginBottom
											label={ __(
												'Only the first matching feed of this add-on runs',
												'kestrel-forms'
											) }
											checked={ Boolean(
												feed.isSingleFeed
											) }
											onChange={ ( on ) =>
												patch( feed.feedId, {
													isSingleFeed:
														on || undefined,
												} )
											}
										/>
										<LogicBuilder
											subject={ name }
											form={ form }
											logic={ feed.conditionalLogic }
											onChange={ ( conditionalLogic ) =>
												patch( feed.feedId, {
													conditionalLogic,
												} )
											}
										/>
										<MetaEditor
											label={ __(
												'Add-on settings',
												'kestrel-forms'
											) }
											meta={ feed.meta }
											onChange={ ( meta ) =>
												patch(
													feed.feedId,
													{ meta },
													`feed-${ feed.feedId }-meta`
												)
											}
										/>
									</div>
								) }
							</li>
						);
					} ) }
				</ol>
			) }
			{ error && <p className="kestrel-forms-error">{ error }</p> }
			{ slugs.length === 0 ? (
				<p className="description">
					{ __(
						'No add-on with feeds is active on this site.',
						'kestrel-forms'
					) }
				</p>
			) : (
				<div className="kestrel-forms-feeds__add">
					<SelectControl
						__nextHasNoMarginBottom
						__next40pxDefaultSize
						label={ __( 'Add-on', 'kestrel-forms' ) }
						value={ addon }
						options={ slugs.map( ( slug ) => ( {
							value: slug,
							label: addonOf( slug ),
						} ) ) }
						onChange={ setAddon }
					/>
					<Button variant="secondary" onClick={ add }>
						{ __( 'Add feed', 'kestrel-forms' ) }
					</Button>
				</div>
			) }
		</div>
	);
}
