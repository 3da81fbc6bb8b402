/**
 * The form's confirmations (`form.confirmations`, schema `$defs.confirmation`): what the visitor
 * sees after a stored submission: a message, a page of the site, or a redirect with a query
 * string. Several may exist; the first active one (not the default) whose conditional logic matches
 * wins, else the default one, of which there is always exactly one (docs/confirmations.md).
 *
 * Legacy forms have a single `confirmation`: it is shown as the default confirmation, and the
 * first edit writes `confirmations[]`. The legacy key is kept in step with the default
 * confirmation while that is a message or a redirect, so that readers of the single key keep
 * working; a page default removes it (it cannot express a page).
 */
import apiFetch from '@wordpress/api-fetch';
import {
	Button,
	Notice,
	SelectControl,
	TextControl,
} from '@wordpress/components';
import { useDispatch } from '@wordpress/data';
import { useEffect, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { ConfirmationSetting, FormDefinition } from '../../../shared';
import {
	MergeTagTextareaControl,
	MergeTagTextControl,
} from '../../components/merge-tags';
import { store } from '../../store/forms';
import { valueFields } from '../../store/forms/definition';
import { describeRules, LogicBuilder } from '../LogicBuilder';
import { newItemId } from '../notifications/items';
import {
	DefinitionErrors,
	SettingsList,
	withoutUndefined,
} from '../notifications/SettingsList';

/** The id of the default confirmation made from a legacy `confirmation`. */
const DEFAULT_ID = 'default';

/**
 * The confirmations a form has, the legacy single one as the default when it has no list, and a
 * default message when it has neither.
 *
 * @param form Form.
 */
export function confirmationsOf( form: FormDefinition ): ConfirmationSetting[] {
	if ( form.confirmations?.length ) {
		return form.confirmations;
	}
	const legacy = form.confirmation;
	return [
		withoutUndefined( {
			id: DEFAULT_ID,
			name: __( 'Default confirmation', 'kestrel-forms' ),
			isDefault: true,
			type: legacy?.type ?? 'message',
			message:
				legacy?.type === 'redirect'
					? undefined
					: ( legacy?.message ?? '' ),
			url: legacy?.type === 'redirect' ? legacy.url : undefined,
		} ),
	];
}

/**
 * The keys to write for a new list: `confirmations`, and the legacy `confirmation` following the
 * default one (removed when the default is a page or has no URL yet).
 *
 * @param list The confirmations.
 */
export function confirmationsPatch(
	list: ConfirmationSetting[]
): Pick< FormDefinition, 'confirmations' | 'confirmation' > {
	const def = list.find( ( c ) => c.isDefault );
	let legacy: FormDefinition[ 'confirmation' ];
	if ( def?.type === 'message' ) {
		legacy = { type: 'message', message: def.message ?? '' };
	} else if ( def?.type === 'redirect' && def.url ) {
		legacy = { type: 'redirect', url: def.url };
	}
	return { confirmations: list, confirmation: legacy };
}

/**
 * A list with exactly one default: `id` becomes it (its rules are dropped: the default applies
 * when no other matches), every other one loses the flag.
 *
 * @param list Confirmations.
 * @param id   The new default.
 */
export function makeDefault(
	list: ConfirmationSetting[],
	id: string
): ConfirmationSetting[] {
	return list.map( ( c ) =>
		withoutUndefined(
			c.id === id
				? {
						...c,
						isDefault: true,
						isActive: undefined,
						conditionalLogic: undefined,
					}
				: { ...c, isDefault: undefined }
		)
	);
}

/**
 * What a confirmation does, in words.
 *
 * @param c     Confirmation.
 * @param pages Titles of the pages by id, when loaded.
 */
function typeSummary(
	c: ConfirmationSetting,
	pages: Record< number, string >
): string {
	switch ( c.type ) {
		case 'page':
			return sprintf(
				/* translators: %s: page title or id. */
				__( 'Opens the page %s', 'kestrel-forms' ),
				c.pageId ? ( pages[ c.pageId ] ?? `#${ c.pageId }` ) : '—'
			);
		case 'redirect':
			return sprintf(
				/* translators: %s: URL. */
				__( 'Redirects to %s', 'kestrel-forms' ),
				( c.url ?? '' ) + ( c.queryString ? `?${ c.queryString }` : '' )
			);
		default:
			return __( 'Shows a message', 'kestrel-forms' );
	}
}

/** A published page as /wp/v2/pages answers with _fields=id,title. */
interface PageRow {
	id: number;
	title: { rendered: string };
}

/**
 * The site's published pages (first 100), loaded once when needed.
 *
 * @param needed Whether to load them.
 */
function usePages( needed: boolean ) {
	const [ pages, setPages ] = useState< Record< number, string > | null >(
		null
	);
	const [ failed, setFailed ] = useState( false );
	useEffect( () => {
		if ( ! needed || pages || failed ) {
			return;
		}
		let live = true;
		apiFetch< PageRow[] >( {
			path: '/wp/v2/pages?status=publish&per_page=100&_fields=id,title',
		} )
			.then( ( rows ) => {
				if ( live ) {
					const byId: Record< number, string > = {};
					for ( const row of rows ) {
						// Titles come as HTML; the select shows text.
						const div = document.createElement( 'div' );
						div.innerHTML = row.title.rendered;
						byId[ row.id ] =
							div.textContent ||
							sprintf(
								/* translators: %d: page id. */
								__( '(no title) #%d', 'kestrel-forms' ),
								row.id
							);
					}
					setPages( byId );
				}
			} )
			.catch( () => live && setFailed( true ) );
		return () => {
			live = false;
		};
	}, [ needed, pages, failed ] );
	return { pages, failed };
}

/**
 * The panel.
 *
 * @param props      Props.
 * @param props.form The edited definition.
 */
export function ConfirmationsPanel( { form }: { form: FormDefinition } ) {
	const { updateForm } = useDispatch( store );
	const [ openId, setOpenId ] = useState< string | null >( null );
	const list = confirmationsOf( form );
	const { pages, failed } = usePages(
		list.some( ( c ) => c.type === 'page' )
	);
	const set = ( next: ConfirmationSetting[], key?: string ) =>
		updateForm( confirmationsPatch( next ), key );

	return (
		<div className="kestrel-forms-confirmations">
			<DefinitionErrors prefixes={ [ 'confirmation' ] } />
			<SettingsList
				items={ list }
				onChange={ ( next ) => set( next ) }
				openId={ openId }
				onOpen={ setOpenId }
				locked={ ( c ) => Boolean( c.isDefault ) }
				badge={ ( c ) =>
					c.isDefault ? __( 'Default', 'kestrel-forms' ) : ''
				}
				fallbackName={ ( _c, i ) =>
					sprintf(
						/* translators: %d: confirmation number. */
						__( 'Confirmation %d', 'kestrel-forms' ),
						i + 1
					)
				}
				summary={ ( c ) => {
					const rules = c.conditionalLogic?.rules ?? [];
					const words = describeRules( rules, form );
					let when: string = __(
						'always (no rules)',
						'kestrel-forms'
					);
					if ( c.isDefault ) {
						when = __(
							'when no other one matches',
							'kestrel-forms'
						);
					} else if ( rules.length ) {
						when =
							c.conditionalLogic?.actionType === 'hide'
								? sprintf(
										/* translators: %s: rules in words. */
										__( 'unless %s', 'kestrel-forms' ),
										words
									)
								: sprintf(
										/* translators: %s: rules in words. */
										__( 'when %s', 'kestrel-forms' ),
										words
									);
					}
					return `${ typeSummary( c, pages ?? {} ) }, ${ when }`;
				} }
				duplicate={ ( c ) =>
					withoutUndefined( {
						...c,
						id: newItemId( list.map( ( x ) => x.id ) ),
						isDefault: undefined,
						name: sprintf(
							/* translators: %s: confirmation name. */
							__( '%s (copy)', 'kestrel-forms' ),
							c.name ?? ''
						).trim(),
					} )
				}
				renderEditor={ ( c, update ) => (
					<ConfirmationEditor
						confirmation={ c }
						form={ form }
						pages={ pages }
						pagesFailed={ failed }
						update={ update }
						makeDefault={ () => set( makeDefault( list, c.id ) ) }
					/>
				) }
			/>
			<Button
				variant="secondary"
				onClick={ () => {
					const source = valueFields( form )[ 0 ];
					const created: ConfirmationSetting = {
						id: newItemId( list.map( ( c ) => c.id ) ),
						name: sprintf(
							/* translators: %d: confirmation number. */
							__( 'Confirmation %d', 'kestrel-forms' ),
							list.length + 1
						),
						type: 'message',
						message: '',
						// Without rules it would always win over the default: start with one.
						conditionalLogic: source
							? {
									actionType: 'show',
									logicType: 'all',
									rules: [
										{
											fieldId: String( source.id ),
											operator: 'is',
											value: '',
										},
									],
								}
							: null,
					};
					// Before the default, so the list reads in the order they are tried.
					const at = list.findIndex( ( c ) => c.isDefault );
					const next = [ ...list ];
					next.splice( at < 0 ? next.length : at, 0, created );
					set( next );
					setOpenId( created.id );
				} }
			>
				{ __( 'Add confirmation', 'kestrel-forms' ) }
			</Button>
		</div>
	);
}

/**
 * The settings of one confirmation.
 *
 * @param props              Props.
 * @param props.confirmation The confirmation.
 * @param props.form         Its form.
 * @param props.pages        Page titles by id (null while loading).
 * @param props.pagesFailed  Whether the pages could not be loaded.
 * @param props.update       Changes its keys.
 * @param props.makeDefault  Makes it the default.
 */
function ConfirmationEditor( {
	confirmation: c,
	form,
	pages,
	pagesFailed,
	update,
	makeDefault: setDefault,
}: {
	confirmation: ConfirmationSetting;
	form: FormDefinition;
	pages: Record< number, string > | null;
	pagesFailed: boolean;
	update: ( patch: Partial< ConfirmationSetting > ) => void;
	makeDefault: () => void;
} ) {
	return (
		<>
			<TextControl
				__nextHasNoMarginBottom
				__next40pxDefaultSize
				label={ __( 'Name', 'kestrel-forms' ) }
				value={ c.name ?? '' }
				onChange={ ( name ) => update( { name: name || undefined } ) }
			/>
			<SelectControl
				__nextHasNoMarginBottom
				__next40pxDefaultSize
				label={ __( 'After a submission', 'kestrel-forms' ) }
				value={ c.type }
				options={ [
					{
						value: 'message',
						label: __( 'Show a message', 'kestrel-forms' ),
					},
					{
						value: 'page',
						label: __(
							'Open a page of this site',
							'kestrel-forms'
						),
					},
					{
						value: 'redirect',
						label: __( 'Redirect to a URL', 'kestrel-forms' ),
					},
				] }
				onChange={ ( type ) =>
					update( {
						type: type as ConfirmationSetting[ 'type' ],
						url: type === 'redirect' ? ( c.url ?? '/' ) : c.url,
					} )
				}
			/>
			{ c.type === 'message' && (
				<MergeTagTextareaControl
					form={ form }
					target="html"
					label={ __( 'Confirmation message', 'kestrel-forms' ) }
					help={ __(
						'Empty: “Thanks for contacting us! We will get in touch with you shortly.”',
						'kestrel-forms'
					) }
					rows={ 5 }
					value={ c.message ?? '' }
					onChange={ ( message ) => update( { message } ) }
				/>
			) }
			{ c.type === 'page' &&
				( pagesFailed ? (
					<TextControl
						__nextHasNoMarginBottom
						__next40pxDefaultSize
						type="number"
						label={ __( 'Page ID', 'kestrel-forms' ) }
						help={ __(
							'The list of pages could not be loaded.',
							'kestrel-forms'
						) }
						value={ c.pageId ? String( c.pageId ) : '' }
						onChange={ ( v ) =>
							update( {
								pageId:
									Number( v ) > 0
										? Math.floor( Number( v ) )
										: undefined,
							} )
						}
					/>
				) : (
					<SelectControl
						__nextHasNoMarginBottom
						__next40pxDefaultSize
						label={ __( 'Page', 'kestrel-forms' ) }
						value={ c.pageId ? String( c.pageId ) : '' }
						disabled={ ! pages }
						options={ [
							{
								value: '',
								label: pages
									? __( 'Choose a page…', 'kestrel-forms' )
									: __( 'Loading pages…', 'kestrel-forms' ),
							},
							...Object.entries( pages ?? {} ).map(
								( [ id, title ] ) => ( {
									value: id,
									label: title,
								} )
							),
							// A chosen page that is no longer listed stays chosen.
							...( c.pageId && pages && ! pages[ c.pageId ]
								? [
										{
											value: String( c.pageId ),
											label: `#${ c.pageId }`,
										},
									]
								: [] ),
						] }
						onChange={ ( v ) =>
							update( { pageId: v ? Number( v ) : undefined } )
						}
					/>
				) ) }
			{ c.type === 'redirect' && (
				<TextControl
					__nextHasNoMarginBottom
					__next40pxDefaultSize
					type="url"
					label={ __( 'Redirect URL', 'kestrel-forms' ) }
					help={ __(
						'A full address (https://…) or a path of this site (/thanks).',
						'kestrel-forms'
					) }
					value={ c.url ?? '' }
					onChange={ ( url ) => update( { url } ) }
				/>
			) }
			{ c.type !== 'message' && (
				<MergeTagTextControl
					form={ form }
					target="url"
					label={ __( 'Query string', 'kestrel-forms' ) }
					help={ __(
						'name=value pairs joined by &, e.g. entry={entry_id}. Merge tags are URL-encoded.',
						'kestrel-forms'
					) }
					value={ c.queryString ?? '' }
					onChange={ ( queryString ) =>
						update( {
							queryString:
								queryString.replace( /^\?/, '' ) || undefined,
						} )
					}
				/>
			) }
			{ c.isDefault ? (
				<p className="description">
					{ __(
						'The default confirmation is shown when no other one matches; it has no rules and cannot be switched off or deleted.',
						'kestrel-forms'
					) }
				</p>
			) : (
				<>
					<LogicBuilder
						subject={
							c.name || __( 'this confirmation', 'kestrel-forms' )
						}
						form={ form }
						logic={ c.conditionalLogic }
						onChange={ ( conditionalLogic ) =>
							update( { conditionalLogic } )
						}
					/>
					{ ! c.conditionalLogic?.rules.length && (
						<Notice status="warning" isDismissible={ false }>
							{ __(
								'Without rules this confirmation is always chosen before the default one.',
								'kestrel-forms'
							) }
						</Notice>
					) }
					<Button variant="secondary" onClick={ setDefault }>
						{ __( 'Make this the default', 'kestrel-forms' ) }
					</Button>
				</>
			) }
		</>
	);
}
