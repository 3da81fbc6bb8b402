/**
 * The visitor form's session store: framework-free state over the engine (ARCHITECTURE §6
 * "Visitor form state"). This file is its public face; the React binding lives in
 * components/Form.tsx and components/Field.tsx.
 */
export { createFormSession } from './create-form-session';
export type { FormSession } from './create-form-session';
export type {
	FieldSlice,
	FocusRequest,
	FormPage,
	FormSessionOptions,
	FormView,
	FromSubmission,
	LeaveStep,
	Navigation,
	Scheduler,
	SessionInitial,
	SessionSnapshot,
	SessionStatus,
	SubmitCheck,
	TimerHandle,
	WireValues,
} from './types';
