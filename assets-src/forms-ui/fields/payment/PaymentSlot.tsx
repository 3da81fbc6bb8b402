/**
 * The payment field as form-view renders it: the shell (group, label, error) at once, and in it
 * the elements the payment field script provides (PaymentField.tsx: method choice, provider
 * containers, live region). Until the script has run, an empty container of the same size and
 * a live region stand in, so nothing moves when it arrives; forms without a payment field
 * never load it.
 */
import { useEffect, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import type { FieldDefinition } from '../../../shared';
import { PaymentLiveRegion } from './LiveRegion';
import { ids } from '../../ids';
import {
	describedBy,
	FieldShell,
	LabelText,
} from '../../components/field-parts';
import type { PaymentBinding } from './types';

export interface PaymentSlotProps {
	formId: number;
	field: FieldDefinition;
	error?: string;
	concealed?: boolean;
	binding?: PaymentBinding;
}

/**
 * The payment field.
 *
 * @param props Props.
 */
export function PaymentSlot( props: PaymentSlotProps ) {
	const { formId, field, error, binding } = props;
	const registry = binding?.config ? binding.registry : null;
	const [ ui, setUi ] = useState( () => registry?.ui() );
	useEffect( () => {
		registry?.uiReady().then( setUi );
	}, [ registry ] );
	const labelId = ids.label( formId, field.id );
	return (
		<FieldShell { ...props }>
			<div
				role="group"
				id={ ids.input( formId, field.id ) }
				className="kestrel-form__payment"
				aria-labelledby={ labelId }
				aria-describedby={ describedBy(
					error && ids.validation( formId, field.id )
				) }
				tabIndex={ -1 }
			>
				<p className="kestrel-form__label" id={ labelId }>
					<LabelText field={ field } />
				</p>
				{ ui && binding ? (
					<ui.Elements { ...props } binding={ binding } />
				) : (
					<>
						{ ( field.methods?.length ?? 0 ) > 1 && (
							// The method choice's row, kept free.
							<div className="kestrel-form__payment-methods">
								&nbsp;
							</div>
						) }
						<div className="kestrel-form__payment-element" />
						{ ! binding?.config && (
							<p className="kestrel-form__payment-unavailable">
								{ __(
									'The payment details are entered on the published form.',
									'kestrel-forms'
								) }
							</p>
						) }
						<PaymentLiveRegion />
					</>
				) }
			</div>
		</FieldShell>
	);
}
