/**
 * @param props
 *              Declarations for the block editor package, which ships none; they cover what this project uses.
 */
declare module '@wordpress/block-editor' {
	import type { ComponentType, HTMLAttributes, ReactNode } from 'react';

	export function useBlockProps(
		props?: HTMLAttributes< HTMLElement > & Record< string, unknown >
	): HTMLAttributes< HTMLElement > & Record< string, unknown >;

	export const InspectorControls: ComponentType< {
		children?: ReactNode;
		group?: string;
	} >;
}
