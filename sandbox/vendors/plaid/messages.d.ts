/**
 * Messages from the stand-in's Link page (vendor origin) to link-initialize.js (merchant page),
 * both ours. Every message carries `kfPlaid: true` so other messages of the page are ignored.
 */
export type FromLink =
	| {
			kfPlaid: true;
			type: 'event';
			name: string;
			metadata: Plaid.OnEventMetaData;
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
			metadata: Plaid.OnExitMetaData;
	  };
