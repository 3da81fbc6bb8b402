/**
 * One merge-tag picker for every text the owner writes: a labelled button beside an input opens a
 * searchable list (the combobox pattern: the search box keeps focus, arrows move the active tag,
 * Enter inserts, Escape closes); the chosen tag is inserted at the cursor of the input (replacing
 * its selection), and focus goes back to the input with the cursor after the tag.
 */
import { Button, TextControl, TextareaControl } from '@wordpress/components';
import {
	useEffect,
	useId,
	useLayoutEffect,
	useMemo,
	useRef,
	useState,
} from '@wordpress/element';
import { __, _n, sprintf } from '@wordpress/i18n';
import type { KeyboardEvent, ReactNode, RefObject } from 'react';
import type { FormDefinition } from '../../../shared';
import {
	filterTags,
	groupLabel,
	mergeTagsFor,
	type MergeTagOption,
	type MergeTagTarget,
} from './tags';

type TextInput = HTMLInputElement | HTMLTextAreaElement;

export interface MergeTagPickerProps {
	/** The form whose fields the tags name. */
	form: FormDefinition;
	/** What the text is; decides which tags are offered. */
	target: MergeTagTarget;
	/** The input or textarea the tag goes into. */
	inputRef: RefObject< TextInput | null >;
	/** The input's text. */
	value: string;
	/** Called with the text with the tag inserted. */
	onChange: ( value: string ) => void;
	/** The input's label, for the button's name ("Insert merge tag into Subject"). */
	label: string;
	/** A field that must not be offered (a formula's own field). */
	excludeFieldId?: number;
}

/**
 * Text with a tag put where the selection was.
 *
 * @param value Text.
 * @param tag   Tag.
 * @param start Selection start (the end of the text when unknown).
 * @param end   Selection end.
 * @return The text and where the cursor goes.
 */
export function insertAt(
	value: string,
	tag: string,
	start: number | null,
	end: number | null
): { value: string; caret: number } {
	const from = Math.min( start ?? value.length, value.length );
	const to = Math.max( from, Math.min( end ?? from, value.length ) );
	return {
		value: value.slice( 0, from ) + tag + value.slice( to ),
		caret: from + tag.length,
	};
}

/**
 * The picker.
 *
 * @param props                Props (see MergeTagPickerProps).
 * @param props.form
 * @param props.target
 * @param props.inputRef
 * @param props.value
 * @param props.onChange
 * @param props.label
 * @param props.excludeFieldId
 */
export function MergeTagPicker( {
	form,
	target,
	inputRef,
	value,
	onChange,
	label,
	excludeFieldId,
}: MergeTagPickerProps ) {
	const id = useId();
	const [ open, setOpen ] = useState( false );
	const [ search, setSearch ] = useState( '' );
	const [ active, setActive ] = useState( 0 );
	const buttonRef = useRef< HTMLButtonElement >( null );
	const searchRef = useRef< HTMLInputElement >( null );
	// The input's selection when the picker opened (focus then leaves the input).
	const selection = useRef< [ number | null, number | null ] >( [
		null,
		null,
	] );
	// Where the cursor goes once the new text has been rendered.
	const caret = useRef< number | null >( null );

	const tags = useMemo(
		() => mergeTagsFor( form, target, excludeFieldId ),
		[ form, target, excludeFieldId ]
	);
	const shown = useMemo( () => filterTags( tags, search ), [ tags, search ] );

	useEffect( () => {
		if ( open ) {
			searchRef.current?.focus();
		}
	}, [ open ] );

	useLayoutEffect( () => {
		const input = inputRef.current;
		if ( caret.current === null || ! input ) {
			return;
		}
		const at = caret.current;
		caret.current = null;
		input.focus();
		input.setSelectionRange( at, at );
	}, [ value, inputRef ] );

	const close = ( focusButton: boolean ) => {
		setOpen( false );
		setSearch( '' );
		setActive( 0 );
		if ( focusButton ) {
			buttonRef.current?.focus();
		}
	};

	const choose = ( option: MergeTagOption ) => {
		const [ start, end ] = selection.current;
		const next = insertAt( value, option.tag, start, end );
		close( false );
		caret.current = next.caret;
		onChange( next.value );
		// Unchanged text (cannot happen with a tag) would not re-render: focus now as well.
		const input = inputRef.current;
		input?.focus();
		input?.setSelectionRange( next.caret, next.caret );
	};

	const toggle = () => {
		if ( open ) {
			close( false );
			return;
		}
		const input = inputRef.current;
		selection.current = input
			? [ input.selectionStart, input.selectionEnd ]
			: [ null, null ];
		setOpen( true );
	};

	const onKeyDown = ( event: KeyboardEvent< HTMLInputElement > ) => {
		switch ( event.key ) {
			case 'ArrowDown':
				event.preventDefault();
				setActive( ( i ) =>
					shown.length ? ( i + 1 ) % shown.length : 0
				);
				break;
			case 'ArrowUp':
				event.preventDefault();
				setActive( ( i ) =>
					shown.length ? ( i - 1 + shown.length ) % shown.length : 0
				);
				break;
			case 'Home':
				event.preventDefault();
				setActive( 0 );
				break;
			case 'End':
				event.preventDefault();
				setActive( Math.max( 0, shown.length - 1 ) );
				break;
			case 'Enter':
				event.preventDefault();
				if ( shown[ active ] ) {
					choose( shown[ active ] );
				}
				break;
			case 'Escape':
				event.preventDefault();
				event.stopPropagation();
				close( true );
				break;
		}
	};

	const listId = `${ id }-list`;
	const optionId = ( i: number ) => `${ id }-option-${ i }`;
	const buttonLabel = sprintf(
		/* translators: %s: the label of the text box. */
		__( 'Insert merge tag into %s', 'kestrel-forms' ),
		label
	);

	let lastGroup = '';
	return (
		<div className="kestrel-forms-merge-tags">
			<Button
				ref={ buttonRef }
				variant="tertiary"
				size="small"
				aria-expanded={ open }
				aria-controls={ open ? `${ id }-panel` : undefined }
				aria-label={ buttonLabel }
				showTooltip
				label={ buttonLabel }
				onClick={ toggle }
			>
				{ '{…}' }
			</Button>
			{ open && (
				<div
					id={ `${ id }-panel` }
					className="kestrel-forms-merge-tags__panel"
				>
					<label
						htmlFor={ `${ id }-search` }
						className="kestrel-forms-merge-tags__search-label"
					>
						{ __( 'Search merge tags', 'kestrel-forms' ) }
					</label>
					<input
						ref={ searchRef }
						id={ `${ id }-search` }
						type="search"
						role="combobox"
						autoComplete="off"
						aria-expanded="true"
						aria-controls={ listId }
						aria-autocomplete="list"
						aria-activedescendant={
							shown[ active ] ? optionId( active ) : undefined
						}
						value={ search }
						onChange={ ( event ) => {
							setSearch( event.target.value );
							setActive( 0 );
						} }
						onKeyDown={ onKeyDown }
						onBlur={ ( event ) => {
							// Leaving the picker (Tab away) closes it.
							const panel = event.currentTarget.closest(
								'.kestrel-forms-merge-tags'
							);
							if (
								event.relatedTarget &&
								! panel?.contains( event.relatedTarget as Node )
							) {
								close( false );
							}
						} }
					/>
					<ul
						id={ listId }
						role="listbox"
						aria-label={ __( 'Merge tags', 'kestrel-forms' ) }
						className="kestrel-forms-merge-tags__list"
					>
						{ shown.map( ( option, i ) => {
							const heading: ReactNode =
								option.group !== lastGroup ? (
									<li
										role="presentation"
										className="kestrel-forms-merge-tags__group"
									>
										{ groupLabel( option.group ) }
									</li>
								) : null;
							lastGroup = option.group;
							return (
								<MergeTagRow
									key={ option.tag }
									heading={ heading }
									id={ optionId( i ) }
									option={ option }
									selected={ i === active }
									onChoose={ () => choose( option ) }
								/>
							);
						} ) }
					</ul>
					<p
						className="kestrel-forms-merge-tags__count"
						aria-live="polite"
					>
						{ shown.length === 0
							? __( 'No merge tags match.', 'kestrel-forms' )
							: sprintf(
									/* translators: %d: number of merge tags. */
									_n(
										'%d merge tag',
										'%d merge tags',
										shown.length,
										'kestrel-forms'
									),
									shown.length
								) }
					</p>
				</div>
			) }
		</div>
	);
}

/**
 * One option (and the heading of its group before it).
 *
 * @param props          Props.
 * @param props.heading  The group heading before it, or null.
 * @param props.id       Element id.
 * @param props.option   Tag.
 * @param props.selected Whether it is the active option.
 * @param props.onChoose Inserts it.
 */
function MergeTagRow( {
	heading,
	id,
	option,
	selected,
	onChoose,
}: {
	heading: ReactNode;
	id: string;
	option: MergeTagOption;
	selected: boolean;
	onChoose: () => void;
} ) {
	return (
		<>
			{ heading }
			{ /* The keyboard is handled by the search box (aria-activedescendant). */ }
			{ /* eslint-disable-next-line jsx-a11y/click-events-have-key-events */ }
			<li
				id={ id }
				role="option"
				aria-selected={ selected }
				className={
					'kestrel-forms-merge-tags__option' +
					( selected ? ' is-active' : '' )
				}
				// Keep focus in the search box until the tag is inserted.
				onMouseDown={ ( event ) => event.preventDefault() }
				onClick={ onChoose }
			>
				<span>{ option.label }</span> <code>{ option.tag }</code>
			</li>
		</>
	);
}

type ControlProps = Omit< MergeTagPickerProps, 'inputRef' > & {
	help?: ReactNode;
	/** Coalescing and test hooks are the caller's; extra input props stay simple. */
	placeholder?: string;
	type?: 'text' | 'email' | 'url';
};

/**
 * A TextControl with a merge-tag picker.
 *
 * @param props Props.
 */
export function MergeTagTextControl( props: ControlProps ) {
	const ref = useRef< HTMLInputElement >( null );
	const { help, placeholder, type = 'text', ...picker } = props;
	return (
		<div className="kestrel-forms-merge-tags-control">
			<TextControl
				__nextHasNoMarginBottom
				__next40pxDefaultSize
				ref={ ref }
				type={ type }
				label={ picker.label }
				help={ help }
				placeholder={ placeholder }
				value={ picker.value }
				onChange={ picker.onChange }
			/>
			<MergeTagPicker { ...picker } inputRef={ ref } />
		</div>
	);
}

/**
 * A TextareaControl with a merge-tag picker.
 *
 * @param props Props.
 */
export function MergeTagTextareaControl(
	props: Omit< ControlProps, 'type' > & { rows?: number }
) {
	const ref = useRef< HTMLTextAreaElement >( null );
	const { help, placeholder, rows, ...picker } = props;
	return (
		<div className="kestrel-forms-merge-tags-control">
			<TextareaControl
				__nextHasNoMarginBottom
				ref={ ref }
				label={ picker.label }
				help={ help }
				placeholder={ placeholder }
				rows={ rows }
				value={ picker.value }
				onChange={ picker.onChange }
			/>
			<MergeTagPicker { ...picker } inputRef={ ref } />
		</div>
	);
}
