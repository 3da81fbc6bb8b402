/**
 * Block editor entry: registers the kestrel-forms/form block's editor UI.
 */
import '../shared/money/all-currencies';
// The block's preview renders any field type: every control the visitor page loads per form.
import '../forms-ui/fields/all-script-controls';
import { registerBlockType, type BlockConfiguration } from '@wordpress/blocks';
import metadata from '../../plugin/blocks/form/block.json';
import { FormBlockEdit, type FormBlockAttributes } from '../admin/block/edit';

registerBlockType< FormBlockAttributes >(
	metadata as unknown as BlockConfiguration< FormBlockAttributes >,
	{
		edit: FormBlockEdit,
		// Rendered on the server (FormRenderer), so nothing is saved in post content but attributes.
		save: () => null,
	}
);
