import {
	acceptOf,
	fileProblem,
	isSizeMessage,
	rulesFromPolicy,
	rulesText,
	uploadRules,
} from '../uploads/checks';

describe( 'upload checks shared by visitors and the entry screen', () => {
	const rules = uploadRules( {
		allowedExtensions: ' .PNG, txt ,',
		maxFileSize: 1.5,
	} );

	it( 'reads the field: extensions lower case without dots, megabytes to bytes', () => {
		expect( rules ).toEqual( {
			allowed: [ 'png', 'txt' ],
			maxBytes: 1572864,
			maxMegabytes: 1.5,
		} );
		expect( uploadRules( {} ) ).toEqual( {
			allowed: [],
			maxBytes: 0,
			maxMegabytes: 0,
		} );
	} );

	it( 'refuses dangerous extensions even when the field allows any type', () => {
		expect(
			fileProblem( { name: 'a.PHP', size: 1 }, uploadRules( {} ) )
		).toBe( 'a.PHP - illegal extension' );
		expect(
			fileProblem( { name: 'notes.txt', size: 1 }, uploadRules( {} ) )
		).toBeNull();
	} );

	it( 'refuses other extensions and files over the size, with the spec texts', () => {
		expect( fileProblem( { name: 'cv.pdf', size: 1 }, rules ) ).toBe(
			'cv.pdf - invalid file extension png, txt'
		);
		const big = fileProblem( { name: 'big.png', size: 1572865 }, rules );
		expect( big ).toBe( 'big.png - File exceeds size limit.' );
		expect( isSizeMessage( big as string ) ).toBe( true );
		expect(
			fileProblem( { name: 'ok.png', size: 1572864 }, rules )
		).toBeNull();
	} );

	it( 'states the rules and hints the picker', () => {
		expect( rulesText( rules ) ).toBe(
			'Accepted file types: png, txt. Max. file size: 1.5 MB.'
		);
		expect( rulesText( uploadRules( {} ) ) ).toBe( '' );
		expect( acceptOf( rules ) ).toBe( '.png,.txt' );
		expect( acceptOf( uploadRules( {} ) ) ).toBeUndefined();
	} );

	it( 'takes the server limits as they are; a negative field size is no limit', () => {
		expect(
			rulesFromPolicy( { extensions: [ 'png' ], maxBytes: 2621440 } )
		).toEqual( {
			allowed: [ 'png' ],
			maxBytes: 2621440,
			maxMegabytes: 2.5,
		} );
		expect( uploadRules( { maxFileSize: -1 } ).maxBytes ).toBe( 0 );
	} );
} );
