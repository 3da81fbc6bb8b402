import { reducer, INITIAL_STATE, draftFrom } from '../reducer';
import { isDirty, getError } from '../selectors';
import { toRequest } from '../actions';
import type { SettingsData } from '../types';

const DATA: SettingsData = {
	general: { currency: 'USD', retention_days: 0, delete_on_uninstall: false },
	currencies: [ 'USD', 'EUR' ],
	captcha: {
		site_key: 'k',
		theme: 'light',
		size: 'normal',
		badge: 'bottomright',
		secret_set: true,
		secret_masked: '••••••••WXYZ',
	},
	api: {
		enabled: false,
		base_url: 'http://x/wp-json/kestrel-forms/v1/',
		capability: 'kestrel_forms_manage',
		available: true,
	},
	payments: {
		environment: 'sandbox',
		application_id: 'app',
		location_id: 'loc',
		access_token_set: true,
		access_token_last4: '9876',
	},
};

const loaded = reducer( INITIAL_STATE, { type: 'LOAD_SUCCESS', data: DATA } );

describe( 'settings store', () => {
	it( 'starts the draft from the saved settings with secrets blank', () => {
		expect( loaded.draft?.captcha.secret_key ).toBe( '' );
		expect( loaded.draft?.payments.access_token ).toBe( '' );
		expect( isDirty( loaded ) ).toBe( false );
	} );

	it( 'is dirty after an edit and clean again when it is undone or saved', () => {
		const edited = reducer( loaded, {
			type: 'EDIT',
			section: 'general',
			key: 'currency',
			value: 'EUR',
		} );
		expect( isDirty( edited ) ).toBe( true );
		const undone = reducer( edited, {
			type: 'EDIT',
			section: 'general',
			key: 'currency',
			value: 'USD',
		} );
		expect( isDirty( undone ) ).toBe( false );
		const saved = reducer( edited, {
			type: 'LOAD_SUCCESS',
			data: { ...DATA, general: { ...DATA.general, currency: 'EUR' } },
		} );
		expect( isDirty( saved ) ).toBe( false );
		const typedSecret = reducer( loaded, {
			type: 'EDIT',
			section: 'payments',
			key: 'access_token',
			value: 'new-token',
		} );
		expect( isDirty( typedSecret ) ).toBe( true );
	} );

	it( 'keeps server messages by field until that field is edited', () => {
		const failed = reducer( loaded, {
			type: 'SAVE_FAILURE',
			errors: { 'general.retention_days': 'Enter a whole number' },
			message: 'Enter a whole number',
		} );
		expect( getError( failed, 'general.retention_days' ) ).toBe(
			'Enter a whole number'
		);
		expect( failed.notice?.status ).toBe( 'error' );
		const fixed = reducer( failed, {
			type: 'EDIT',
			section: 'general',
			key: 'retention_days',
			value: '30',
		} );
		expect( getError( fixed, 'general.retention_days' ) ).toBeUndefined();
	} );

	it( 'sends blank secrets as absent, so the server keeps them', () => {
		const body = toRequest( draftFrom( DATA ) );
		expect( body.captcha ).not.toHaveProperty( 'secret_key' );
		expect( body.payments ).not.toHaveProperty( 'access_token' );
		const typed = toRequest( {
			...draftFrom( DATA ),
			payments: { ...draftFrom( DATA ).payments, access_token: 'tok' },
		} );
		expect( typed.payments ).toMatchObject( { access_token: 'tok' } );
	} );

	it( 'shows a created password once and lists it without the password', () => {
		let state = reducer( loaded, {
			type: 'PASSWORD_CREATED',
			password: {
				uuid: 'u1',
				name: 'CRM',
				created: '',
				last_used: null,
				capability: 'kestrel_forms_manage',
				password: 'abcd efgh',
			},
		} );
		expect( state.passwords[ 0 ] ).not.toHaveProperty( 'password' );
		expect( state.created?.password ).toBe( 'abcd efgh' );
		state = reducer( state, { type: 'PASSWORD_REVOKED', uuid: 'u1' } );
		expect( state.passwords ).toEqual( [] );
		expect( state.created ).toBeNull();
	} );
} );
