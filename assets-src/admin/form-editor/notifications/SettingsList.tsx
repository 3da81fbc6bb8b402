/**
 * A list of a form's notifications or confirmations: one card per item with its name, state and a
 * summary, and buttons to edit, duplicate, move, switch on or off and delete it; the open item's
 * settings are shown in its card. Shared by NotificationsPanel and ConfirmationsPanel.
 */
import { Button, Notice, ToggleControl } from '@wordpress/components';
import { useSelect } from '@wordpress/data';
import { useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { ReactNode } from 'react';
import { store } from '../../store/forms';
import { moveBy } from './items';

/** What the list needs of an item. */
export interface ListItem {
	id: string;
	name?: string;
	isActive?: boolean;
}

export interface SettingsListProps< T extends ListItem > {
	items: T[];
	onChange: ( items: T[] ) => void;
	/** The name shown for an item without one. */
	fallbackName: ( item: T, index: number ) => string;
	/** A line under the name (when it is sent, what it shows). */
	summary: ( item: T ) => ReactNode;
	/** The settings of the open item. */
	renderEditor: (
		item: T,
		update: ( patch: Partial< T > ) => void
	) => ReactNode;
	/** A copy of an item with a new id (duplicate). */
	duplicate: ( item: T ) => T;
	/** Whether an item may be deleted or switched off (the default confirmation may not). */
	locked?: ( item: T ) => boolean;
	/** Extra text after the state ("Default"). */
	badge?: ( item: T ) => string;
	/** The item opened on first render (a new one). */
	openId?: string | null;
	onOpen?: ( id: string | null ) => void;
}

/**
 * The list.
 *
 * @param props              Props.
 * @param props.items
 * @param props.onChange
 * @param props.fallbackName
 * @param props.summary
 * @param props.renderEditor
 * @param props.duplicate
 * @param props.locked
 * @param props.badge
 * @param props.openId
 * @param props.onOpen
 */
export function SettingsList< T extends ListItem >( {
	items,
	onChange,
	fallbackName,
	summary,
	renderEditor,
	duplicate,
	locked = () => false,
	badge = () => '',
	openId = null,
	onOpen = () => undefined,
}: SettingsListProps< T > ) {
	const [ confirming, setConfirming ] = useState< string | null >( null );
	const replace = ( index: number, item: T ) =>
		onChange( items.map( ( it, i ) => ( i === index ? item : it ) ) );

	return (
		<ul className="kestrel-forms-settings-list">
			{ items.map( ( item, index ) => {
				const name = item.name || fallbackName( item, index );
				const open = openId === item.id;
				const fixed = locked( item );
				const extra = badge( item );
				return (
					<li
						key={ item.id }
						className="kestrel-forms-settings-list__item"
						data-item-id={ item.id }
					>
						<h3 className="kestrel-forms-settings-list__name">
							{ name }
						</h3>
						<p className="kestrel-forms-settings-list__state">
							{ item.isActive === false
								? __( 'Off', 'kestrel-forms' )
								: __( 'On', 'kestrel-forms' ) }
							{ extra ? ` · ${ extra }` : '' }
						</p>
						<p className="kestrel-forms-settings-list__summary">
							{ summary( item ) }
						</p>
						<div className="kestrel-forms-settings-list__actions">
							<Button
								variant="secondary"
								size="compact"
								aria-expanded={ open }
								onClick={ () =>
									onOpen( open ? null : item.id )
								}
								label={
									open
										? sprintf(
												/* translators: %s: notification or confirmation name. */
												__(
													'Close %s',
													'kestrel-forms'
												),
												name
											)
										: sprintf(
												/* translators: %s: notification or confirmation name. */
												__(
													'Edit %s',
													'kestrel-forms'
												),
												name
											)
								}
							>
								{ open
									? __( 'Close', 'kestrel-forms' )
									: __( 'Edit', 'kestrel-forms' ) }
							</Button>
							<Button
								variant="tertiary"
								size="compact"
								onClick={ () => {
									const copy = duplicate( item );
									const next = [ ...items ];
									next.splice( index + 1, 0, copy );
									onChange( next );
								} }
								label={ sprintf(
									/* translators: %s: notification or confirmation name. */
									__( 'Duplicate %s', 'kestrel-forms' ),
									name
								) }
							>
								{ __( 'Duplicate', 'kestrel-forms' ) }
							</Button>
							<Button
								variant="tertiary"
								size="compact"
								disabled={ index === 0 }
								accessibleWhenDisabled
								onClick={ () =>
									onChange( moveBy( items, index, -1 ) )
								}
								label={ sprintf(
									/* translators: %s: notification or confirmation name. */
									__( 'Move %s up', 'kestrel-forms' ),
									name
								) }
							>
								{ __( 'Up', 'kestrel-forms' ) }
							</Button>
							<Button
								variant="tertiary"
								size="compact"
								disabled={ index === items.length - 1 }
								accessibleWhenDisabled
								onClick={ () =>
									onChange( moveBy( items, index, 1 ) )
								}
								label={ sprintf(
									/* translators: %s: notification or confirmation name. */
									__( 'Move %s down', 'kestrel-forms' ),
									name
								) }
							>
								{ __( 'Down', 'kestrel-forms' ) }
							</Button>
							{ ! fixed && (
								<Button
									variant="tertiary"
									size="compact"
									isDestructive
									onClick={ () => setConfirming( item.id ) }
									label={ sprintf(
										/* translators: %s: notification or confirmation name. */
										__( 'Delete %s', 'kestrel-forms' ),
										name
									) }
								>
									{ __( 'Delete', 'kestrel-forms' ) }
								</Button>
							) }
						</div>
						{ confirming === item.id && (
							<div
								className="kestrel-forms-settings-list__confirm"
								role="group"
								aria-label={ __(
									'Confirm deletion',
									'kestrel-forms'
								) }
							>
								<p>
									{ sprintf(
										/* translators: %s: notification or confirmation name. */
										__( 'Delete “%s”?', 'kestrel-forms' ),
										name
									) }
								</p>
								<Button
									variant="tertiary"
									onClick={ () => setConfirming( null ) }
								>
									{ __( 'Cancel', 'kestrel-forms' ) }
								</Button>
								<Button
									variant="primary"
									isDestructive
									onClick={ () => {
										setConfirming( null );
										onChange(
											items.filter(
												( it ) => it.id !== item.id
											)
										);
									} }
								>
									{ __( 'Delete', 'kestrel-forms' ) }
								</Button>
							</div>
						) }
						{ open && (
							<div className="kestrel-forms-settings-list__editor">
								{ ! fixed && (
									<ToggleControl
										__nextHasNoMarginBottom
										label={ __(
											'Active',
											'kestrel-forms'
										) }
										checked={ item.isActive !== false }
										onChange={ ( on ) =>
											replace(
												index,
												withoutUndefined( {
													...item,
													isActive: on
														? undefined
														: false,
												} )
											)
										}
									/>
								) }
								{ renderEditor( item, ( patch ) =>
									replace(
										index,
										withoutUndefined( {
											...item,
											...patch,
										} )
									)
								) }
							</div>
						) }
					</li>
				);
			} ) }
		</ul>
	);
}

/**
 * An object without its undefined keys (a cleared setting is removed from the definition).
 *
 * @param item Object.
 */
export function withoutUndefined< T extends object >( item: T ): T {
	const copy = { ...item } as Record< string, unknown >;
	for ( const key of Object.keys( copy ) ) {
		if ( copy[ key ] === undefined ) {
			delete copy[ key ];
		}
	}
	return copy as unknown as T;
}

/**
 * The server's messages about a part of the definition after a refused save (e.g. every path
 * starting with `notifications`), in one error notice; nothing when there are none.
 *
 * @param props          Props.
 * @param props.prefixes Path prefixes of the part.
 */
export function DefinitionErrors( { prefixes }: { prefixes: string[] } ) {
	const errors = useSelect(
		( select ) => select( store ).getFormErrors(),
		[]
	);
	const messages = errors
		.filter( ( e ) => prefixes.some( ( p ) => e.path.startsWith( p ) ) )
		.map( ( e ) => e.message );
	return messages.length ? (
		<Notice status="error" isDismissible={ false }>
			{ messages.join( ' ' ) }
		</Notice>
	) : null;
}
