/**
 * A field's live region (always present, so what it later says is spoken).
 *
 * @param props          Props.
 * @param props.children What to say.
 */
export function FieldLiveRegion( {
	children,
	...data
}: {
	children?: string;
	[ attribute: `data-${ string }` ]: string;
} ) {
	return (
		<div
			className="screen-reader-text"
			role="status"
			aria-live="polite"
			aria-atomic="true"
			data-live-region=""
			{ ...data }
		>
			{ children }
		</div>
	);
}
