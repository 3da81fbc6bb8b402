/**
 * The line under a payment button (wallets, bank account, Cash App Pay): a cancel said politely,
 * a failure marked as an error. The field's live region announces the same text.
 */

/** What a payment button says after its flow. */
export interface ButtonNoteText {
	text: string;
	error: boolean;
}

/**
 * The note, when there is one.
 *
 * @param props      Props.
 * @param props.note What to say (absent: nothing).
 */
export function ButtonNote( { note }: { note?: ButtonNoteText } ) {
	return note ? (
		<p
			className={ `kestrel-form__wallet-note${
				note.error ? ' kestrel-form__wallet-note--error' : ''
			}` }
		>
			{ note.text }
		</p>
	) : null;
}
