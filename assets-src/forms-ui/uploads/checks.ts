/**
 * The browser's checks of chosen files, with the spec's texts (the server checks every file
 * again, including its real content). Shared by the visitors' upload field and the entry
 * screen's uploader, so both refuse the same files with the same words.
 */
import { __, sprintf } from '@wordpress/i18n';

/**
 * Extensions refused in the browser whatever the field allows (the server refuses them too,
 * and checks every file's real content).
 */
export const DISALLOWED_EXTENSIONS = [
	'php',
	'php3',
	'php4',
	'php5',
	'php7',
	'php8',
	'phtml',
	'phar',
	'pht',
	'asp',
	'aspx',
	'jsp',
	'cgi',
	'pl',
	'py',
	'sh',
	'bat',
	'cmd',
	'com',
	'exe',
	'dll',
	'msi',
	'htaccess',
	'js',
];

/** What an upload field allows, read from its definition. */
export interface UploadRules {
	/** Allowed extensions, lower case without the dot; empty: any the site allows. */
	allowed: string[];
	/** Largest file in bytes; 0: no limit of the field's own. */
	maxBytes: number;
	/** Megabytes as the field states them (for the rules text). */
	maxMegabytes: number;
}

/**
 * @param field                   Upload field definition.
 * @param field.allowedExtensions "jpg, png" as the editor stores it.
 * @param field.maxFileSize       Megabytes.
 */
export function uploadRules( field: {
	allowedExtensions?: string;
	maxFileSize?: number;
} ): UploadRules {
	// A zero or negative size is no limit of the field's own (as on the server).
	const maxMegabytes =
		field.maxFileSize && field.maxFileSize > 0 ? field.maxFileSize : 0;
	return {
		allowed: ( field.allowedExtensions ?? '' )
			.split( ',' )
			.map( ( e ) => e.trim().replace( /^\./, '' ).toLowerCase() )
			.filter( Boolean ),
		maxBytes: maxMegabytes ? Math.round( maxMegabytes * 1024 * 1024 ) : 0,
		maxMegabytes,
	};
}

/**
 * Rules from the limits the server applies (the field's under the site-wide cap), as the
 * entries API hands them to the entry screen.
 *
 * @param policy            Server limits.
 * @param policy.extensions Allowed extensions (empty: any the site allows).
 * @param policy.maxBytes   Largest file in bytes.
 */
export function rulesFromPolicy( policy: {
	extensions: string[];
	maxBytes: number;
} ): UploadRules {
	return {
		allowed: policy.extensions,
		maxBytes: policy.maxBytes,
		maxMegabytes: Math.floor( ( policy.maxBytes / 1048576 ) * 100 ) / 100,
	};
}

/**
 * @param name File name.
 */
export function sizeMessage( name: string ): string {
	return sprintf(
		/* translators: %s: file name. */
		__( '%s - File exceeds size limit.', 'kestrel-forms' ),
		name
	);
}

/**
 * @param message A message shown under the field.
 */
export function isSizeMessage( message: string ): boolean {
	return message.endsWith( sizeMessage( '' ) );
}

/** The message when a field holds all the files it takes. */
export const maxFilesMessage = (): string =>
	__( 'Maximum number of files reached.', 'kestrel-forms' );

/**
 * @param file      Chosen file (name and size are read).
 * @param file.name File name.
 * @param file.size Size in bytes.
 * @param rules     The field's rules.
 * @return The problem with the file, or null when the browser lets it go to the server.
 */
export function fileProblem(
	file: { name: string; size: number },
	rules: UploadRules
): string | null {
	const dot = file.name.lastIndexOf( '.' );
	const extension = dot >= 0 ? file.name.slice( dot + 1 ).toLowerCase() : '';
	if ( DISALLOWED_EXTENSIONS.includes( extension ) ) {
		return sprintf(
			/* translators: %s: file name. */
			__( '%s - illegal extension', 'kestrel-forms' ),
			file.name
		);
	}
	if ( rules.allowed.length && ! rules.allowed.includes( extension ) ) {
		return sprintf(
			/* translators: 1: file name, 2: the allowed extensions. */
			__( '%1$s - invalid file extension %2$s', 'kestrel-forms' ),
			file.name,
			rules.allowed.join( ', ' )
		);
	}
	if ( rules.maxBytes && file.size > rules.maxBytes ) {
		return sizeMessage( file.name );
	}
	return null;
}

/**
 * @param rules The field's rules.
 * @return "Accepted file types: png, txt. Max. file size: 2 MB." (empty when it has none).
 */
export function rulesText( rules: UploadRules ): string {
	return [
		rules.allowed.length
			? sprintf(
					/* translators: %s: list of file extensions. */
					__( 'Accepted file types: %s.', 'kestrel-forms' ),
					rules.allowed.join( ', ' )
				)
			: '',
		rules.maxBytes
			? sprintf(
					/* translators: %s: size in MB. */
					__( 'Max. file size: %s MB.', 'kestrel-forms' ),
					String( rules.maxMegabytes )
				)
			: '',
	]
		.filter( Boolean )
		.join( ' ' );
}

/**
 * The file input's accept attribute: the allowed extensions (a hint to the browser's picker).
 *
 * @param rules The field's rules.
 */
export function acceptOf( rules: UploadRules ): string | undefined {
	return rules.allowed.length
		? rules.allowed.map( ( e ) => `.${ e }` ).join( ',' )
		: undefined;
}
