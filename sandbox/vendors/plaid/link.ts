/**
 * The stand-in's Link page (wave 2 design A.4), on the vendor origin in the iframe
 * link-initialize.js opens: institution list with search → credentials (`user_good` /
 * `pass_good`; `mfa_device` asks for the code 1234; a password `error_<CODE>` forces that
 * error) → account select → Continue. Every step reports Plaid's event with its metadata, in
 * Plaid's order (OPEN, TRANSITION_VIEW, SEARCH_INSTITUTION, SELECT_INSTITUTION,
 * SUBMIT_CREDENTIALS, SUBMIT_MFA, HANDOFF; ERROR and EXIT). Driven like a person: buttons,
 * labelled inputs, radios, alerts.
 */
import type { Plaid } from 'plaid-link';
import type { EventMetadata, FromLink } from './messages';

interface SessionView {
	language: 'en' | 'es';
	institutions: Plaid.Institution[];
	accounts: Plaid.Account[];
	scenario: { accountId?: string };
}

const hash = new URLSearchParams( location.hash.slice( 1 ) );
const TOKEN = hash.get( 'token' ) ?? '';
const PARENT = hash.get( 'origin' ) ?? '';
const root = document.getElementById( 'link' ) as HTMLElement;
const linkSessionId = `link-session-${ Math.random().toString( 36 ).slice( 2 ) }`;
let institution: Plaid.Institution | null = null;
let view: SessionView | null = null;
let credentials: { username: string; password: string } | null = null;

/** Link's words in its two languages (the link token says which). */
const TEXTS = {
	en: {
		close: 'Close',
		selectBank: 'Select your bank',
		search: 'Search',
		credentials: ( bank: string ) => `Enter your ${ bank } credentials`,
		username: 'Username',
		password: 'Password',
		submit: 'Submit',
		mfa: 'Enter the code sent to your device',
		code: 'Code',
		selectAccount: 'Select an account',
		accounts: 'Accounts',
		continue: 'Continue',
		pickAccount: 'Select an account to continue.',
	},
	es: {
		close: 'Cerrar',
		selectBank: 'Selecciona tu banco',
		search: 'Buscar',
		credentials: ( bank: string ) =>
			`Ingresa tus credenciales de ${ bank }`,
		username: 'Usuario',
		password: 'Contraseña',
		submit: 'Enviar',
		mfa: 'Ingresa el código enviado a tu dispositivo',
		code: 'Código',
		selectAccount: 'Selecciona una cuenta',
		accounts: 'Cuentas',
		continue: 'Continuar',
		pickAccount: 'Selecciona una cuenta para continuar.',
	},
};
let t = TEXTS.en;

const post = ( m: FromLink ) => parent.postMessage( m, PARENT );

/**
 * Plaid's onEvent metadata.
 *
 * @param extra Fields of this event.
 */
function metadata( extra: Partial< EventMetadata > = {} ): EventMetadata {
	return {
		account_number_mask: null,
		match_reason: null,
		routing_number: null,
		selection: null,
		error_type: null,
		error_code: null,
		error_message: null,
		exit_status: null,
		institution_id: institution?.institution_id ?? null,
		institution_name: institution?.name ?? null,
		institution_search_query: null,
		mfa_type: null,
		view_name: null,
		request_id: `req-${ Math.random().toString( 36 ).slice( 2 ) }`,
		link_session_id: linkSessionId,
		timestamp: new Date().toISOString(),
		...extra,
	};
}

const event = ( name: Plaid.EventName, extra?: Partial< EventMetadata > ) =>
	post( { kfPlaid: true, type: 'event', name, metadata: metadata( extra ) } );

const transition = ( viewName: Plaid.ViewName ) =>
	event( 'TRANSITION_VIEW', { view_name: viewName } );

function exit( error: Plaid.Error | null, status: Plaid.ExitStatus | null ) {
	event( 'EXIT', {
		exit_status: status,
		error_code: error?.error_code ?? null,
		error_type: error?.error_type ?? null,
		error_message: error?.error_message ?? null,
	} );
	post( {
		kfPlaid: true,
		type: 'exit',
		error,
		metadata: {
			institution,
			status,
			link_session_id: linkSessionId,
			request_id: `req-${ Math.random().toString( 36 ).slice( 2 ) }`,
		},
	} );
}

/**
 * Replaces the page's content.
 *
 * @param title Heading.
 */
function screen( title: string ): HTMLElement {
	root.replaceChildren();
	root.removeAttribute( 'aria-busy' );
	const close = document.createElement( 'button' );
	close.type = 'button';
	close.className = 'close';
	close.textContent = t.close;
	close.addEventListener( 'click', () =>
		exit( null, institution ? 'requires_credentials' : 'choose_device' )
	);
	const h = document.createElement( 'h1' );
	h.textContent = title;
	h.tabIndex = -1;
	const alert = document.createElement( 'p' );
	alert.setAttribute( 'role', 'alert' );
	root.append( close, h, alert );
	// Each screen starts at its heading, read out by screen readers.
	setTimeout( () => h.focus() );
	return root;
}

const showError = ( text: string ) => {
	const alert = root.querySelector( '[role=alert]' );
	if ( alert ) {
		alert.textContent = text;
	}
};

function button( text: string, primary = false ): HTMLButtonElement {
	const b = document.createElement( 'button' );
	b.type = 'button';
	b.textContent = text;
	if ( primary ) {
		b.className = 'primary';
	}
	return b;
}

function input( label: string, type: string, name: string ): HTMLInputElement {
	const l = document.createElement( 'label' );
	l.textContent = label;
	const i = document.createElement( 'input' );
	i.type = type;
	i.name = name;
	i.id = `f-${ name }`;
	l.htmlFor = i.id;
	root.append( l, i );
	return i;
}

function institutions() {
	institution = null;
	screen( t.selectBank );
	const search = input( t.search, 'search', 'search' );
	const list = document.createElement( 'ul' );
	root.append( list );
	const render = ( query: string ) => {
		list.replaceChildren(
			...view!.institutions
				.filter( ( i ) =>
					i.name.toLowerCase().includes( query.toLowerCase() )
				)
				.map( ( i ) => {
					const li = document.createElement( 'li' );
					const b = button( i.name );
					b.addEventListener( 'click', () => {
						institution = i;
						event( 'SELECT_INSTITUTION' );
						login();
					} );
					li.append( b );
					return li;
				} )
		);
	};
	search.addEventListener( 'change', () => {
		event( 'SEARCH_INSTITUTION', {
			institution_search_query: search.value,
		} );
		render( search.value );
	} );
	search.addEventListener( 'input', () => render( search.value ) );
	render( '' );
}

async function exchange(
	body: Record< string, unknown >
): Promise< Record< string, any > > {
	const r = await fetch( '/plaid/exchange', {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify( { token: TOKEN, ...body } ),
	} );
	const data = await r.json();
	if ( ! r.ok ) {
		throw data as Plaid.Error;
	}
	return data;
}

function failed( error: Plaid.Error ) {
	event( 'ERROR', {
		error_code: error.error_code,
		error_type: error.error_type,
		error_message: error.error_message,
	} );
	showError( error.error_message );
}

function login() {
	transition( 'CREDENTIAL' );
	screen( t.credentials( institution!.name ) );
	const username = input( t.username, 'text', 'username' );
	const password = input( t.password, 'password', 'password' );
	const submit = button( t.submit, true );
	root.append( submit );
	submit.addEventListener( 'click', async () => {
		event( 'SUBMIT_CREDENTIALS' );
		credentials = { username: username.value, password: password.value };
		submit.disabled = true;
		try {
			const r = await exchange( {
				institution_id: institution!.institution_id,
				...credentials,
			} );
			if ( r.mfa ) {
				mfa( r.mfa.type );
			} else {
				accounts( r.public_token );
			}
		} catch ( error ) {
			submit.disabled = false;
			failed( error as Plaid.Error );
		}
	} );
}

function mfa( type: string ) {
	transition( 'MFA' );
	screen( t.mfa );
	const code = input( t.code, 'text', 'code' );
	const submit = button( t.submit, true );
	root.append( submit );
	submit.addEventListener( 'click', async () => {
		event( 'SUBMIT_MFA', { mfa_type: type } );
		submit.disabled = true;
		try {
			const r = await exchange( {
				institution_id: institution!.institution_id,
				...credentials,
				mfa_code: code.value,
			} );
			accounts( r.public_token );
		} catch ( error ) {
			submit.disabled = false;
			failed( error as Plaid.Error );
		}
	} );
}

function accounts( publicToken: string ) {
	transition( 'SELECT_ACCOUNT' );
	screen( t.selectAccount );
	const group = document.createElement( 'div' );
	group.setAttribute( 'role', 'radiogroup' );
	group.setAttribute( 'aria-label', t.accounts );
	for ( const a of view!.accounts ) {
		const l = document.createElement( 'label' );
		const r = document.createElement( 'input' );
		r.type = 'radio';
		r.name = 'account';
		r.value = a.id;
		l.append( r, ` ${ a.name } •••• ${ a.mask }` );
		group.append( l );
	}
	const go = button( t.continue, true );
	root.append( group, go );
	go.addEventListener( 'click', () => {
		const picked = root.querySelector< HTMLInputElement >(
			'input[name=account]:checked'
		);
		const account = view!.accounts.find( ( a ) => a.id === picked?.value );
		if ( ! account ) {
			showError( t.pickAccount );
			return;
		}
		transition( 'CONNECTED' );
		event( 'HANDOFF' );
		// Test switch: report an account id Link never showed.
		const reported = view!.scenario.accountId
			? { ...account, id: view!.scenario.accountId }
			: account;
		post( {
			kfPlaid: true,
			type: 'success',
			publicToken,
			metadata: {
				institution,
				accounts: [ { ...reported, verification_status: null } ],
				link_session_id: linkSessionId,
				transfer_status: null,
				wallet: null,
			},
		} );
	} );
}

// A modal: Escape closes Link as its Close button does, and Tab stays inside it.
document.addEventListener( 'keydown', ( e ) => {
	if ( e.key === 'Escape' ) {
		const close = root.querySelector< HTMLButtonElement >( 'button.close' );
		if ( close ) {
			e.preventDefault();
			close.click();
		}
		return;
	}
	if ( e.key !== 'Tab' ) {
		return;
	}
	const stops = Array.from(
		root.querySelectorAll< HTMLElement >(
			'button:not([disabled]), input:not([disabled]), a[href], select, textarea'
		)
	);
	if ( ! stops.length ) {
		return;
	}
	const first = stops[ 0 ];
	const last = stops[ stops.length - 1 ];
	const at = root.ownerDocument.activeElement;
	if ( e.shiftKey && ( at === first || ! root.contains( at ) ) ) {
		e.preventDefault();
		last.focus();
	} else if ( ! e.shiftKey && at === last ) {
		e.preventDefault();
		first.focus();
	}
} );

async function start() {
	const r = await fetch(
		`/plaid/session?token=${ encodeURIComponent( TOKEN ) }`
	);
	const data = await r.json();
	if ( ! r.ok ) {
		exit( { ...( data as Plaid.Error ), display_message: null }, null );
		return;
	}
	view = data as SessionView;
	document.documentElement.lang = view.language;
	t = TEXTS[ view.language ] ?? TEXTS.en;
	event( 'OPEN' );
	transition( 'SELECT_INSTITUTION' );
	institutions();
}

void start();
