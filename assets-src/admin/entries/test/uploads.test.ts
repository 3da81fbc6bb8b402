import { newUploadId } from '../../../forms-ui';
import { chunkRanges } from '../uploads';

describe( 'admin uploads', () => {
	it( 'cuts files like resumable.js without forceChunkSize', () => {
		expect( chunkRanges( 10, 4 ) ).toEqual( [
			[ 0, 4 ],
			[ 4, 10 ],
		] );
		expect( chunkRanges( 3, 4 ) ).toEqual( [ [ 0, 3 ] ] );
		expect( chunkRanges( 8, 4 ) ).toEqual( [
			[ 0, 4 ],
			[ 4, 8 ],
		] );
	} );

	it( 'makes 8-hex upload ids', () => {
		expect( newUploadId() ).toMatch( /^[0-9a-f]{8}$/ );
	} );
} );
