<?php
/**
 * Files sent with a plain (no-JavaScript) form post, stored by the upload pipeline.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Submissions;

use Kestrel\Forms\Contracts\ChunkSource;
use Kestrel\Forms\Domain\Form\Form;
use Kestrel\Forms\Uploads\ChunkRequest;
use Kestrel\Forms\Uploads\Storage;
use Kestrel\Forms\Uploads\UploadError;
use Kestrel\Forms\Uploads\UploadService;
use Kestrel\Forms\Uploads\UploadStore;

/**
 * Without JavaScript a file-upload field is a plain `<input type="file" name="input_{id}[]">`
 * and its files come in the post's `$_FILES`. Each one goes through the same pipeline as a
 * resumable.js upload ({@see UploadService}): a session opened for the form's field (rate limits
 * and the client's quotas), the chunks (the field's size limit, the extension the field and
 * WordPress allow), the assembly and the content checks (never a script, whatever its name).
 * What comes out is the session token the REST route's `uploaded_files` carries, so the
 * submission claims it as it claims any upload ({@see UploadStore::claim()}).
 */
final class PlainPostUploads {

	/**
	 * The pipeline, reading the moved file's parts.
	 *
	 * @var UploadService
	 */
	private readonly UploadService $service;

	/**
	 * Builds the door's upload step.
	 *
	 * @param UploadStore $store  Uploaded files.
	 * @param ChunkSource $source Where genuine uploads come from (production: Uploads\PhpUploadSource).
	 */
	public function __construct( private readonly UploadStore $store, private readonly ChunkSource $source ) {
		$this->service = new UploadService( $store, new PlainPostFileParts() );
	}

	/**
	 * Stores the files of a post's file-upload fields.
	 *
	 * @param Form                $form   The form.
	 * @param array<mixed, mixed> $files  The request's `$_FILES`.
	 * @param string              $client The client's address.
	 * @return array{files: array<string, list<array{temp_filename: string, uploaded_filename: string}>>, errors: array<string, array{name: string, error: UploadError}>}
	 *         `files`: the stored files by `input_{fieldId}` (the REST `uploaded_files` shape);
	 *         `errors`: the first refused file of a field, by field id.
	 */
	public function store( Form $form, array $files, string $client ): array {
		$stored = array();
		$errors = array();
		foreach ( $form->fields() as $field ) {
			$id = (string) $field['id'];
			if ( 'fileupload' !== $field['type'] || ! is_array( $files[ 'input_' . $id ] ?? null ) ) {
				continue;
			}
			foreach ( self::each_file( $files[ 'input_' . $id ] ) as $file ) {
				try {
					$stored[ 'input_' . $id ][] = $this->store_file( $form, (int) $id, $file, $client );
				} catch ( UploadError $e ) {
					$errors[ $id ] ??= array(
						'name'  => $file['name'],
						'error' => $e,
					);
				}
			}
		}
		return array(
			'files'  => $stored,
			'errors' => $errors,
		);
	}

	/**
	 * Stores one file: a session for the field, the file moved out of PHP's upload folder, then
	 * sent through the pipeline a chunk at a time.
	 *
	 * @param Form                                                                       $form     The form.
	 * @param int                                                                        $field_id Its file-upload field.
	 * @param array{name: string, type: string, tmp_name: string, error: int, size: int} $file The file.
	 * @param string                                                                     $client   The client's address.
	 * @return array{temp_filename: string, uploaded_filename: string}
	 * @throws UploadError When the pipeline refuses the file.
	 *
	 * @phpcs:ignore Squiz.Commenting.FunctionCommentThrowTag.WrongNumber -- the sniff counts `throw Storage::failure()` as a class named Storage; it returns an UploadError (STORAGE).
	 */
	private function store_file( Form $form, int $field_id, array $file, string $client ): array {
		if ( UPLOAD_ERR_INI_SIZE === $file['error'] || UPLOAD_ERR_FORM_SIZE === $file['error'] ) {
			throw new UploadError( UploadError::TOO_LARGE, array( 'limit' => wp_max_upload_size() ) );
		}
		if ( UPLOAD_ERR_OK !== $file['error'] ) {
			throw new UploadError( UploadError::MISSING_FILE );
		}
		$size  = $file['size'];
		$chunk = max( 1, min( $size, $this->store->max_chunk_size() ) );
		$count = max( intdiv( $size, $chunk ), 1 ); // The last chunk takes the rest, as resumable.js cuts.
		$token = $this->service->start( $form->id, $field_id, $client )['token'];
		try {
			$this->store->storage->ensure();
			$whole = $this->store->storage->assembly_path();
			if ( ! $this->source->move( $file, $whole ) ) {
				throw new UploadError( UploadError::MISSING_FILE, array(), 'not a genuine upload, or it could not be moved' );
			}
			try {
				$result = null;
				for ( $n = 1; $n <= $count; $n++ ) {
					$bytes  = $n < $count ? $chunk : $size - ( $count - 1 ) * $chunk;
					$result = $this->service->receive(
						new ChunkRequest( $token, $n, $chunk, $bytes, $size, $count, $file['name'], $file['type'], $form->id, $field_id ),
						array(
							'tmp_name' => $whole,
							'offset'   => ( $n - 1 ) * $chunk,
							'size'     => $bytes,
						),
						$client
					);
				}
			} finally {
				wp_delete_file( $whole );
			}
			if ( null === $result || ! $result['complete'] ) {
				throw Storage::failure( 'a plain-post upload was not complete after its last chunk' );
			}
		} catch ( UploadError $e ) {
			$this->forget( $token, $client );
			throw $e;
		}
		return array(
			'temp_filename'     => $token,
			'uploaded_filename' => $result['name'],
		);
	}

	/**
	 * Removes what is left of a refused file's session (the cleanup job would, later).
	 *
	 * @param string $token  Session token.
	 * @param string $client The client's address.
	 */
	private function forget( string $token, string $client ): void {
		try {
			$this->service->discard( $token, $client );
		} catch ( UploadError $e ) {
			unset( $e ); // Refused sessions are already closed; the cleanup job sweeps the rest.
		}
	}

	/**
	 * The files of one `$_FILES` entry (`input_5` or `input_5[]`), without the empty slots a
	 * file input posts when no file was chosen.
	 *
	 * @param array<mixed, mixed> $entry The entry.
	 * @return list<array{name: string, type: string, tmp_name: string, error: int, size: int}>
	 */
	private static function each_file( array $entry ): array {
		$lists = array();
		foreach ( array( 'name', 'type', 'tmp_name', 'error', 'size' ) as $key ) {
			$lists[ $key ] = is_array( $entry[ $key ] ?? null ) ? array_values( $entry[ $key ] ) : array( $entry[ $key ] ?? null );
		}
		$files = array();
		foreach ( array_keys( $lists['name'] ) as $i ) {
			$error = is_numeric( $lists['error'][ $i ] ?? null ) ? (int) $lists['error'][ $i ] : UPLOAD_ERR_NO_FILE;
			$name  = $lists['name'][ $i ] ?? '';
			if ( UPLOAD_ERR_NO_FILE === $error || ! is_string( $name ) || '' === $name ) {
				continue;
			}
			$files[] = array(
				'name'     => $name,
				'type'     => is_string( $lists['type'][ $i ] ?? null ) ? $lists['type'][ $i ] : '',
				'tmp_name' => is_string( $lists['tmp_name'][ $i ] ?? null ) ? $lists['tmp_name'][ $i ] : '',
				'error'    => $error,
				'size'     => is_numeric( $lists['size'][ $i ] ?? null ) ? (int) $lists['size'][ $i ] : 0,
			);
		}
		return $files;
	}
}
