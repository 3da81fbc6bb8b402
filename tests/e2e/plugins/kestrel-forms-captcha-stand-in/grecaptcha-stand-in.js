/**
 * Test-only stand-in for the captcha providers' scripts loaded with render=explicit: Google's
 * reCAPTCHA v2 (window.grecaptcha, the default), Cloudflare Turnstile (window.turnstile, string
 * widget ids) and hCaptcha (window.hcaptcha), chosen by the `global` query parameter. Never load it
 * on a live site. Served by the "Kestrel Forms test helper: captcha stand-in" plugin; see README.md.
 *
 * It defines `window.grecaptcha` only after a delay (the `delay` query parameter, 300 ms by
 * default), as the real script does once it has loaded, so code that polls for it really polls.
 *
 * Tokens come from the plugin's token route, so the plugin's siteverify route can tell which
 * ones it issued. The outcome of the next token is, in order of precedence:
 *   window.kestrelCaptchaStandIn.outcome = 'pass' | 'fail' | 'down'   (set before or after load)
 *   the page's query parameter ?kestrel_captcha=fail (or down, or pass)
 *   'pass'.
 * `window.kestrelCaptchaStandIn` also records every call (`calls`) and can expire a widget's
 * answer (`expire( widgetId )`), which calls its expired-callback as the real widget does.
 */
( function () {
	'use strict';

	const script = document.currentScript;
	const params = new URL(
		script && script.src ? script.src : window.location.href,
		window.location.href
	).searchParams;
	const TOKEN_URL =
		params.get( 'token_url' ) ||
		'/?rest_route=/kestrel-forms-captcha-stand-in/v1/token';
	const SITE_KEY = params.get( 'site_key' ) || '';
	const LOAD_DELAY = Number( params.get( 'delay' ) || 300 );
	const EXECUTE_DELAY = 150;
	const ONLOAD = params.get( 'onload' );
	const GLOBAL = [ 'grecaptcha', 'turnstile', 'hcaptcha' ].includes(
		params.get( 'global' )
	)
		? params.get( 'global' )
		: 'grecaptcha';
	// What each provider calls itself, its response field and its checkbox.
	const LOOK = {
		grecaptcha: {
			name: 'reCAPTCHA',
			field: 'g-recaptcha-response',
			label: ' I’m not a robot',
		},
		turnstile: {
			name: 'Turnstile',
			field: 'cf-turnstile-response',
			label: ' Verify you are human',
		},
		hcaptcha: {
			name: 'hCaptcha',
			field: 'h-captcha-response',
			label: ' I am human',
		},
	}[ GLOBAL ];

	const control = Object.assign(
		{ outcome: null, calls: [] },
		window.kestrelCaptchaStandIn || {}
	);
	window.kestrelCaptchaStandIn = control;
	control.hl = params.get( 'hl' );
	control.provider = GLOBAL;
	control.loaded = false;

	const widgets = [];

	function outcome() {
		const fromPage = new URLSearchParams( window.location.search ).get(
			'kestrel_captcha'
		);
		const wanted = control.outcome || fromPage || 'pass';
		return [ 'pass', 'fail', 'down' ].includes( wanted ) ? wanted : 'pass';
	}

	function record( method, args ) {
		control.calls.push( { method, args } );
	}

	// Turnstile names its widgets; the others number them.
	function publicId( index ) {
		return GLOBAL === 'turnstile' ? 'cf-chl-widget-' + index : index;
	}

	function widget( id ) {
		const index =
			typeof id === 'string' ? Number( id.replace( /\D+/g, '' ) ) : id;
		const found = widgets[ index === undefined ? 0 : index ];
		if ( ! found ) {
			throw new Error( 'Invalid reCAPTCHA client id: ' + id );
		}
		return found;
	}

	function call( callback, value ) {
		const fn = typeof callback === 'string' ? window[ callback ] : callback;
		if ( typeof fn === 'function' ) {
			fn( value );
		}
	}

	function style( el, rules ) {
		Object.assign( el.style, rules );
		return el;
	}

	function element( tag, props ) {
		return Object.assign( document.createElement( tag ), props || {} );
	}

	function requestToken() {
		return window
			.fetch( TOKEN_URL, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json' },
				body: JSON.stringify( { outcome: outcome() } ),
				credentials: 'same-origin',
			} )
			.then( ( response ) => {
				if ( ! response.ok ) {
					throw new Error(
						'Token route answered ' + response.status
					);
				}
				return response.json();
			} )
			.then( ( body ) => body.token );
	}

	function setResponse( w, token ) {
		w.response = token;
		w.textarea.value = token;
		if ( w.checkbox ) {
			w.checkbox.checked = token !== '';
		}
		if ( w.status ) {
			w.status.textContent = token ? 'Verified' : '';
		}
	}

	/**
	 * Gets a token for a widget once; later calls while it runs share the same promise.
	 *
	 * @param {Object} w Widget state.
	 * @return {Promise<void>} Settles when the widget has its answer (or failed to get one).
	 */
	function solve( w ) {
		if ( w.pending ) {
			return w.pending;
		}
		const generation = w.generation;
		if ( w.status ) {
			w.status.textContent = 'Verifying…';
		}
		w.pending = new Promise( ( resolve ) =>
			setTimeout( resolve, EXECUTE_DELAY )
		)
			.then( requestToken )
			.then(
				( token ) => {
					w.pending = null;
					if ( generation !== w.generation ) {
						return; // Reset meanwhile.
					}
					setResponse( w, token );
					call( w.params.callback, token );
				},
				( error ) => {
					w.pending = null;
					if ( w.status ) {
						w.status.textContent = 'Could not connect';
					}
					call( w.params[ 'error-callback' ], error );
				}
			);
		return w.pending;
	}

	function render( container, parameters ) {
		const host =
			typeof container === 'string'
				? document.getElementById( container )
				: container;
		if ( ! host || host.nodeType !== 1 ) {
			throw new Error(
				'reCAPTCHA placeholder element must be an element or id'
			);
		}
		if ( host.querySelector( '.kestrel-captcha-stand-in' ) ) {
			throw new Error(
				'reCAPTCHA has already been rendered in this element'
			);
		}
		const p = Object.assign( {}, parameters || {} );
		record( 'render', {
			sitekey: p.sitekey,
			theme: p.theme,
			size: p.size,
			tabindex: p.tabindex,
			badge: p.badge,
			language: p.language,
		} );
		const id = widgets.length;
		const dark = p.theme === 'dark';
		const root = style(
			element( 'div', { className: 'kestrel-captcha-stand-in' } ),
			{
				display: 'inline-block',
				padding: '8px 12px',
				border: '1px solid #d3d3d3',
				borderRadius: '3px',
				background: dark ? '#222222' : '#f9f9f9',
				color: dark ? '#ffffff' : '#222222',
				font: '14px sans-serif',
			}
		);
		root.dataset.widgetId = String( id );
		root.dataset.theme = p.theme || 'light';
		root.dataset.size = p.size || 'normal';
		const textarea = style(
			element( 'textarea', {
				name: LOOK.field,
				id: id === 0 ? LOOK.field : LOOK.field + '-' + id,
				className: LOOK.field,
			} ),
			{ display: 'none' }
		);
		textarea.setAttribute( 'aria-hidden', 'true' );
		const w = {
			id,
			params: p,
			root,
			textarea,
			response: '',
			generation: 0,
			pending: null,
			checkbox: null,
			status: null,
		};
		widgets.push( w );

		if ( SITE_KEY && p.sitekey !== SITE_KEY ) {
			w.invalid = true;
			root.textContent = 'ERROR for site owner: Invalid site key';
		} else if ( p.size === 'invisible' ) {
			const badgePlace = p.badge || 'bottomright';
			root.dataset.badge = badgePlace;
			root.classList.add( 'grecaptcha-badge' );
			root.textContent = 'protected by ' + LOOK.name + ' (stand-in)';
			if ( badgePlace !== 'inline' ) {
				style( root, {
					position: 'fixed',
					bottom: '14px',
					[ badgePlace === 'bottomleft' ? 'left' : 'right' ]: '4px',
					zIndex: '1000',
				} );
			}
		} else {
			const label = element( 'label' );
			const checkbox = element( 'input', {
				type: 'checkbox',
				className: 'kestrel-captcha-stand-in__checkbox',
			} );
			if ( p.tabindex !== undefined ) {
				checkbox.tabIndex = Number( p.tabindex );
			}
			checkbox.addEventListener( 'click', ( event ) => {
				// Like the real widget, an answer cannot be unticked; reset() clears it.
				if ( w.response || w.pending ) {
					event.preventDefault();
					return;
				}
				checkbox.checked = false;
				solve( w );
			} );
			label.append( checkbox, LOOK.label );
			const status = element( 'span', {
				className: 'kestrel-captcha-stand-in__status',
			} );
			status.setAttribute( 'role', 'status' );
			style( status, { marginLeft: '8px' } );
			w.checkbox = checkbox;
			w.status = status;
			root.append( label, status );
		}
		root.append( textarea );
		host.append( root );
		return publicId( id );
	}

	const grecaptcha = {
		ready( callback ) {
			setTimeout( callback, 0 );
		},
		render,
		execute( id ) {
			record( 'execute', { id } );
			const w = widget( id );
			if ( w.invalid ) {
				return Promise.resolve();
			}
			return solve( w );
		},
		getResponse( id ) {
			return widget( id ).response;
		},
		reset( id ) {
			record( 'reset', { id } );
			const w = widget( id );
			w.generation++;
			w.pending = null;
			setResponse( w, '' );
		},
	};

	control.expire = function ( id ) {
		const w = widget( id );
		w.generation++;
		w.pending = null;
		setResponse( w, '' );
		call( w.params[ 'expired-callback' ] );
	};
	control.widgets = () =>
		widgets.map( ( w ) => ( {
			id: publicId( w.id ),
			params: w.params,
			response: w.response,
		} ) );

	setTimeout( () => {
		window[ GLOBAL ] = grecaptcha;
		control.loaded = true;
		if ( ONLOAD && typeof window[ ONLOAD ] === 'function' ) {
			window[ ONLOAD ]();
		}
	}, LOAD_DELAY );
} )();
