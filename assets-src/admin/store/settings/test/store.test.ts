import { reducer, INITIAL_STATE, draftFrom } from '../reducer';
import { isDirty, getError } from '../selectors';
import { toRequest } from '../actions';
import type { SettingsData } from '../types';
import { settingsData } from './settings-data';

const base = settingsData();
const DATA: SettingsData = {
	...base,
	payments: {
		...base.payments,
		sandbox: {
			...base.payments.sandbox,
			application_id: 'app',
			location_id: 'loc',
		},
		production: {
			...base.payments.production,
			application_id: 'prod-app',
			location_id: 'LPROD',
		},
	},
};

const loaded = reducer( INITIAL_STATE, { type: 'LOAD_SUCCESS', data: DATA } );

describe( 'settings store', () => {
	it( 'starts the draft from the saved settings with secrets blank', () => {
		expect( loaded.draft?.captcha.secret_key ).toBe( '' );
		expect( loaded.draft?.payments.sandbox.access_token ).toBe( '' );
		expect( loaded.draft?.payments.production ).toEqual( {
			application_id: 'prod-app',
			location_id: 'LPROD',
			access_token: '',
			clear_access_token: false,
		} );
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
			key: 'production',
			value: {
				...loaded.draft!.payments.production,
				access_token: 'new-token',
			},
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

		const refused = reducer( loaded, {
			type: 'SAVE_FAILURE',
			errors: {
				'payments.sandbox.access_token': 'Paste it exactly',
				'payments.production.location_id': 'Use the id',
			},
			message: 'Paste it exactly',
		} );
		const retyped = reducer( refused, {
			type: 'EDIT',
			section: 'payments',
			key: 'sandbox',
			value: { ...loaded.draft!.payments.sandbox, access_token: 'x' },
		} );
		expect(
			getError( retyped, 'payments.sandbox.access_token' )
		).toBeUndefined();
		expect( getError( retyped, 'payments.production.location_id' ) ).toBe(
			'Use the id'
		);
	} );

	it( 'sends blank secrets as absent, so the server keeps them', () => {
		const body = toRequest( draftFrom( DATA ) );
		expect( body.captcha ).not.toHaveProperty( 'secret_key' );
		expect( body.payments ).toEqual( {
			environment: 'sandbox',
			sandbox: { application_id: 'app', location_id: 'loc' },
			production: { application_id: 'prod-app', location_id: 'LPROD' },
		} );
		const draft = draftFrom( DATA ).payments;
		const typed = toRequest( {
			...draftFrom( DATA ),
			payments: {
				...draft,
				sandbox: { ...draft.sandbox, clear_access_token: true },
				production: { ...draft.production, access_token: 'tok' },
			},
		} );
		expect( typed.payments ).toEqual( {
			environment: 'sandbox',
			sandbox: {
				application_id: 'app',
				location_id: 'loc',
				clear_access_token: true,
			},
			production: {
				application_id: 'prod-app',
				location_id: 'LPROD',
				access_token: 'tok',
			},
		} );
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
