/**
 * Messages from the stand-in's Link page (vendor origin) to link-initialize.js (merchant page),
 * both ours. Every message carries `kfPlaid: true` so other messages of the page are ignored.
 */
import type { Plaid } from 'plaid-link';

/**
 * Plaid's onEvent metadata as Link sends it: the published typings, except that view_name may
 * be null (Plaid's docs: only TRANSITION_VIEW carries a view).
 */
export type EventMetadata = Omit< Plaid.OnEventMetaData, 'view_name' > & {
	view_name: Plaid.ViewName | null;
};

/**
 * Plaid's onExit metadata as Link sends it: status may be null (closed before any view that
 * has an exit status, e.g. by the SDK's `exit()`).
 */
export type ExitMetadata = Omit< Plaid.OnExitMetaData, 'status' > & {
	status: Plaid.ExitStatus | null;
};

export type FromLink =
	| {
			kfPlaid: true;
			type: 'event';
			name: Plaid.EventName;
			metadata: EventMetadata;
	  }
	| {
			kfPlaid: true;
			type: 'success';
			publicToken: string;
			metadata: Plaid.OnSuccessMetaData;
	  }
	| {
			kfPlaid: true;
			type: 'exit';
			error: Plaid.Error | null;
			metadata: ExitMetadata;
	  };
