/**
 * A list: its columns and the most rows a visitor may add.
 */
import { TextControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { KeyNumberControl } from '../common/controls';
import type { FieldTypeUnit, TypeSettingsProps } from '../types';

/**
 * The Most rows box (lists and repeaters).
 *
 * @param props Props (the type's settings props).
 */
export function MaxRowsControl( props: TypeSettingsProps ) {
	return (
		<KeyNumberControl
			{ ...props }
			name="maxRows"
			min={ 1 }
			label={ __( 'Most rows', 'kestrel-forms' ) }
		/>
	);
}

/**
 * The list's settings.
 *
 * @param props Props (the type's settings props).
 */
function ListSettings( props: TypeSettingsProps ) {
	const { field, set } = props;
	return (
		<>
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
						{ columns: columns.length ? columns : undefined },
						'columns'
					);
				} }
			/>
			<MaxRowsControl { ...props } />
		</>
	);
}

export const listUnit: FieldTypeUnit = {
	group: 'advanced',
	Settings: ListSettings,
};
