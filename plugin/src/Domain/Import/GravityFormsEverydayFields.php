<?php
/**
 * The settings of the eight everyday types of issue 18 (name, address, phone, date, time,
 * website, consent, multiselect) read from Gravity Forms fields.
 *
 * @package KestrelForms
 */

declare( strict_types = 1 );

namespace Kestrel\Forms\Domain\Import;

use Closure;
use Kestrel\Forms\Domain\FieldTypes\AddressLists;

/**
 * Pure. Maps the type's own settings and its inputs (ids kept: "1.3" stays "1.3", so merge tags
 * and rules keep working, docs/field-types.md) and tells the importer, through `$report`, what
 * it approximated or left out. The common settings (label, description, rules…) stay with
 * `GravityFormsImporter`; the keys listed in `READ` are the ones this class answers for, so the
 * importer does not report them as unsupported.
 */
final class GravityFormsEverydayFields {

	/** Field keys each type reads beyond the importer's common ones. */
	public const READ = array(
		'name'        => array( 'nameFormat', 'enableAutocomplete' ),
		'address'     => array( 'addressType', 'defaultCountry', 'defaultState', 'defaultProvince', 'hideAddress2', 'hideState', 'hideCountry', 'enableAutocomplete', 'enableCopyValuesOption', 'copyValuesOptionLabel', 'copyValuesOptionField', 'copyValuesOptionDefault' ),
		'phone'       => array( 'phoneFormat', 'enableAutocomplete', 'autocompleteAttribute' ),
		'website'     => array( 'enableAutocomplete', 'autocompleteAttribute' ),
		'date'        => array( 'dateType', 'dateFormat', 'calendarIconType', 'calendarIconUrl' ),
		'time'        => array( 'timeFormat' ),
		'consent'     => array( 'checkboxLabel' ),
		'multiselect' => array( 'enableEnhancedUI', 'storageType' ),
	);

	/**
	 * Inputs of each type by number: [label Gravity Forms gives it, autocomplete token or null,
	 * hidden by default]. Name: the default hides Prefix, Middle and Suffix (docs/field-types.md).
	 */
	private const INPUTS = array(
		'name'    => array(
			2 => array( 'Prefix', 'honorific-prefix', true ),
			3 => array( 'First', 'given-name', false ),
			4 => array( 'Middle', 'additional-name', true ),
			6 => array( 'Last', 'family-name', false ),
			8 => array( 'Suffix', 'honorific-suffix', true ),
		),
		'address' => array(
			1 => array( 'Street Address', 'address-line1', false ),
			2 => array( 'Address Line 2', 'address-line2', false ),
			3 => array( 'City', 'address-level2', false ),
			4 => array( 'State / Province / Region', 'address-level1', false ),
			5 => array( 'ZIP / Postal Code', 'postal-code', false ),
			6 => array( 'Country', 'country-name', false ),
		),
		'date'    => array(
			1 => array( 'MM', null, false ),
			2 => array( 'DD', null, false ),
			3 => array( 'YYYY', null, false ),
		),
		'time'    => array(
			1 => array( 'HH', null, false ),
			2 => array( 'MM', null, false ),
			3 => array( 'AM/PM', null, false ),
		),
		'consent' => array(
			1 => array( 'Consent', null, false ),
			2 => array( 'Text', null, true ),
			3 => array( 'Description', null, true ),
		),
	);

	/** The text Gravity Forms gives a new consent checkbox. */
	private const CONSENT_TEXT = 'I agree to the privacy policy.';

	/** Legacy name formats of Gravity Forms: the inputs each one shows. */
	private const NAME_FORMATS = array(
		'advanced' => null,
		'normal'   => array( 3, 6 ),
		'extended' => array( 2, 3, 6, 8 ),
	);

	/** Date formats: what a date typed in each looks like (Gravity Forms' dateFormat values). */
	private const DATE_FORMATS = array(
		'mdy'       => '#^(?<m>[0-9]{1,2})/(?<d>[0-9]{1,2})/(?<y>[0-9]{4})$#',
		'dmy'       => '#^(?<d>[0-9]{1,2})/(?<m>[0-9]{1,2})/(?<y>[0-9]{4})$#',
		'dmy_dash'  => '#^(?<d>[0-9]{1,2})-(?<m>[0-9]{1,2})-(?<y>[0-9]{4})$#',
		'dmy_dot'   => '#^(?<d>[0-9]{1,2})\.(?<m>[0-9]{1,2})\.(?<y>[0-9]{4})$#',
		'ymd_slash' => '#^(?<y>[0-9]{4})/(?<m>[0-9]{1,2})/(?<d>[0-9]{1,2})$#',
		'ymd_dash'  => '#^(?<y>[0-9]{4})-(?<m>[0-9]{1,2})-(?<d>[0-9]{1,2})$#',
		'ymd_dot'   => '#^(?<y>[0-9]{4})\.(?<m>[0-9]{1,2})\.(?<d>[0-9]{1,2})$#',
	);

	/**
	 * Takes how to report and how to read choices.
	 *
	 * @param Closure(string, string, string): void                     $report  (status, setting, note): records an approximation or something left out.
	 * @param Closure(array<string, mixed>): list<array<string, mixed>> $choices Reads a holder's `choices` as the importer reads a field's.
	 */
	public function __construct( private readonly Closure $report, private readonly Closure $choices ) {}

	/**
	 * Maps the type's settings and inputs into our field.
	 *
	 * @param array<string, mixed> $gf   Gravity Forms field.
	 * @param string               $type Our type (one of READ's keys).
	 * @param array<string, mixed> $out  Our field so far.
	 * @return array<string, mixed> Our field.
	 */
	public function map( array $gf, string $type, array $out ): array {
		$id = (int) $out['id'];
		switch ( $type ) {
			case 'name':
				return $this->name( $gf, $id, $out );
			case 'address':
				return $this->address( $gf, $id, $out );
			case 'phone':
				$format             = GravityFormsValues::str( $gf['phoneFormat'] ?? '' );
				$out['phoneFormat'] = $this->one_of( $format, array( 'standard', 'international' ), 'standard', 'international', 'phoneFormat', 'the "' . $format . '" phone format (from an add-on or a site filter) is read as an international number: digits, spaces and + ( ) - .' );
				$this->autocomplete( $gf, 'tel' );
				return $out;
			case 'website':
				$this->autocomplete( $gf, 'url' );
				return $out;
			case 'date':
				return $this->date( $gf, $id, $out );
			case 'time':
				$format            = GravityFormsValues::str( $gf['timeFormat'] ?? '' );
				$out['timeFormat'] = $this->one_of( $format, array( '12', '24' ), '12', '12', 'timeFormat', 'the time format "' . $format . '" is read as 12-hour' );
				$out['inputs']     = $this->inputs( $gf, $id, 'time', array(), '24' === $out['timeFormat'] ? array( 3 ) : array() );
				return $out;
			case 'consent':
				$text = trim( GravityFormsValues::str( $gf['checkboxLabel'] ?? '' ) );
				if ( '' === $text ) {
					// The visitor must see what they agree to (and the entry keeps it): Gravity Forms' own default.
					$text = self::CONSENT_TEXT;
					( $this->report )( GravityFormsTypes::APPROXIMATED, 'checkboxLabel', 'the field had no checkbox text; it says "' . $text . '" (Gravity Forms\' default): check it' );
				}
				$out['checkboxLabel'] = mb_substr( $text, 0, 10000 );
				$out['inputs']        = $this->inputs( $gf, $id, 'consent', array() );
				return $out;
			case 'multiselect':
				$out['choices'] = ( $this->choices )( $gf );
				if ( ! empty( $gf['enableEnhancedUI'] ) ) {
					$out['enableEnhancedUI'] = true;
				}
				$storage = GravityFormsValues::str( $gf['storageType'] ?? '' );
				if ( '' !== $storage && 'json' !== $storage ) {
					( $this->report )( GravityFormsTypes::APPROXIMATED, 'storageType', 'the entry keeps the chosen values as a list, not as "' . $storage . '"' );
				}
				return $out;
		}
		return $out;
	}

	/**
	 * A rule's value read as our rules read the field (docs/field-types.md: a date as `Y-m-d`, a
	 * time as 24-hour `HH:mm`), with a note when it had to be rewritten or cannot match.
	 *
	 * @param string               $type  Our type of the field the rule reads.
	 * @param array<string, mixed> $gf    Gravity Forms field the rule reads.
	 * @param string               $value The rule's value.
	 * @return array{0: string, 1: string|null} Value, note.
	 */
	public static function rule_value( string $type, array $gf, string $value ): array {
		$trimmed = trim( $value );
		if ( '' === $trimmed ) {
			return array( $value, null );
		}
		if ( 'date' === $type ) {
			if ( 1 === preg_match( '/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/', $trimmed ) ) {
				return array( $trimmed, null );
			}
			$format = GravityFormsValues::str( $gf['dateFormat'] ?? '' );
			$regex  = self::DATE_FORMATS[ $format ] ?? self::DATE_FORMATS['mdy'];
			if ( 1 === preg_match( $regex, $trimmed, $m ) && checkdate( (int) $m['m'], (int) $m['d'], (int) $m['y'] ) ) {
				$ymd = sprintf( '%04d-%02d-%02d', (int) $m['y'], (int) $m['m'], (int) $m['d'] );
				return array( $ymd, 'the date "' . $value . '" is written as ' . $ymd . ' (rules read dates as year-month-day)' );
			}
			return array( $value, 'the value "' . $value . '" is not a date: the rule compares it with the date as year-month-day' );
		}
		if ( 'time' === $type ) {
			if ( 1 === preg_match( '/^([0-9]{1,2}):([0-9]{2})\s*([ap]m)?$/i', $trimmed, $m ) ) {
				$hour = (int) $m[1];
				if ( isset( $m[3] ) ) {
					$hour = ( $hour % 12 ) + ( 'pm' === strtolower( $m[3] ) ? 12 : 0 );
				}
				$hhmm = sprintf( '%02d:%s', $hour, $m[2] );
				if ( $hour < 24 && (int) $m[2] < 60 ) {
					return array( $hhmm, $hhmm === $trimmed ? null : 'the time "' . $value . '" is written as ' . $hhmm . ' (rules read times as 24-hour HH:mm)' );
				}
			}
			return array( $value, 'the value "' . $value . '" is not a time: the rule compares it with the time as 24-hour HH:mm' );
		}
		return array( $value, null );
	}

	/**
	 * Name: advanced (with the legacy normal and extended formats as advanced with those
	 * inputs shown) or simple.
	 *
	 * @param array<string, mixed> $gf  Gravity Forms field.
	 * @param int                  $id  Field id.
	 * @param array<string, mixed> $out Our field.
	 * @return array<string, mixed>
	 */
	private function name( array $gf, int $id, array $out ): array {
		$format = GravityFormsValues::str( $gf['nameFormat'] ?? '' );
		if ( 'simple' === $format ) {
			$out['nameFormat'] = 'simple';
			return $out;
		}
		if ( '' !== $format && ! array_key_exists( $format, self::NAME_FORMATS ) ) {
			( $this->report )( GravityFormsTypes::APPROXIMATED, 'nameFormat', 'the name format "' . $format . '" is read as separate inputs (First and Last shown)' );
			$format = 'normal';
		}
		$shown = self::NAME_FORMATS[ '' === $format ? 'advanced' : $format ];
		$force = array();
		if ( null !== $shown ) {
			foreach ( array_keys( self::INPUTS['name'] ) as $n ) {
				$force[ $n ] = ! in_array( $n, $shown, true );
			}
		}
		$out['nameFormat'] = 'advanced';
		$out['inputs']     = $this->inputs( $gf, $id, 'name', $force );
		return $out;
	}

	/**
	 * Address: the type, its defaults and the inputs (Gravity Forms' older hideAddress2,
	 * hideState and hideCountry are the inputs' isHidden).
	 *
	 * @param array<string, mixed> $gf  Gravity Forms field.
	 * @param int                  $id  Field id.
	 * @param array<string, mixed> $out Our field.
	 * @return array<string, mixed>
	 */
	private function address( array $gf, int $id, array $out ): array {
		$type               = GravityFormsValues::str( $gf['addressType'] ?? '' );
		$out['addressType'] = $this->one_of( $type, array( 'international', 'us', 'canadian' ), 'international', 'international', 'addressType', 'the "' . $type . '" address type (from an add-on or a site filter) becomes international: a free-text state or region and a country list' );
		$force              = array();
		foreach ( array(
			2 => 'hideAddress2',
			4 => 'hideState',
			6 => 'hideCountry',
		) as $n => $key ) {
			if ( ! empty( $gf[ $key ] ) ) {
				$force[ $n ] = true;
			}
		}
		$inputs = $this->inputs( $gf, $id, 'address', $force );
		$state  = (int) array_search( $id . '.4', array_column( $inputs, 'id' ), true );
		// Gravity Forms writes the option's label even when it is off: only an option in use counts.
		if ( ! empty( $gf['enableCopyValuesOption'] ) ) {
			( $this->report )( GravityFormsTypes::LEFT_OUT, 'enableCopyValuesOption', 'the "' . GravityFormsValues::str( $gf['copyValuesOptionLabel'] ?? '' ) . '" option (copy the address of field ' . GravityFormsValues::str( $gf['copyValuesOptionField'] ?? '' ) . ') is not offered' );
		}

		$country = GravityFormsValues::str( $gf['defaultCountry'] ?? '' );
		if ( '' !== $country ) {
			$ours = self::find( $country, AddressLists::countries() );
			if ( 'international' !== $out['addressType'] ) {
				$fixed = 'us' === $out['addressType'] ? 'United States' : 'Canada';
				if ( $ours !== $fixed ) {
					( $this->report )( GravityFormsTypes::LEFT_OUT, 'defaultCountry', 'the default country "' . $country . '" does not apply: this address type is always in ' . $fixed );
				}
			} elseif ( null === $ours ) {
				( $this->report )( GravityFormsTypes::LEFT_OUT, 'defaultCountry', 'the default country "' . $country . '" is not a name of our country list; choose it again in the field\'s settings' );
			} else {
				$out['defaultCountry'] = $ours;
			}
		}
		foreach ( array(
			'defaultState'    => array( 'us', AddressLists::us_states(), 'US state' ),
			'defaultProvince' => array( 'canadian', AddressLists::canadian_provinces(), 'Canadian province' ),
		) as $key => list( $address_type, $list, $what ) ) {
			$given = GravityFormsValues::str( $gf[ $key ] ?? '' );
			if ( '' === $given ) {
				continue;
			}
			if ( $address_type === $out['addressType'] ) {
				$ours = self::find( $given, $list );
				if ( null === $ours ) {
					( $this->report )( GravityFormsTypes::LEFT_OUT, $key, 'the default "' . $given . '" is not a ' . $what . ' of our list' );
				} else {
					$out[ $key ] = $ours;
				}
			} elseif ( 'defaultState' === $key && 'international' === $out['addressType'] && ! isset( $inputs[ $state ]['defaultValue'] ) ) {
				// Gravity Forms fills the free-text state of an international address with it.
				$inputs[ $state ]['defaultValue'] = mb_substr( $given, 0, 1000 );
				( $this->report )( GravityFormsTypes::APPROXIMATED, $key, 'the default state "' . $given . '" is the default value of the State / Province / Region input' );
			} else {
				( $this->report )( GravityFormsTypes::LEFT_OUT, $key, 'a default ' . $what . ' does not apply to this address type' );
			}
		}
		$out['inputs'] = $inputs;
		return $out;
	}

	/**
	 * Date: how it is entered, its format, its inputs (drop-downs and fields) and what the
	 * date picker's icon settings ask that we cannot show.
	 *
	 * @param array<string, mixed> $gf  Gravity Forms field.
	 * @param int                  $id  Field id.
	 * @param array<string, mixed> $out Our field.
	 * @return array<string, mixed>
	 */
	private function date( array $gf, int $id, array $out ): array {
		$type              = GravityFormsValues::str( $gf['dateType'] ?? '' );
		$format            = GravityFormsValues::str( $gf['dateFormat'] ?? '' );
		$out['dateType']   = $this->one_of( $type, array( 'datepicker', 'datedropdown', 'datefield' ), 'datepicker', 'datepicker', 'dateType', 'the date input "' . $type . '" is a date picker' );
		$out['dateFormat'] = $this->one_of( $format, array_keys( self::DATE_FORMATS ), 'mdy', 'mdy', 'dateFormat', 'the date format "' . $format . '" is read as month/day/year' );
		if ( 'datepicker' === $out['dateType'] ) {
			$icon = GravityFormsValues::str( $gf['calendarIconType'] ?? '' );
			if ( 'none' === $icon ) {
				( $this->report )( GravityFormsTypes::APPROXIMATED, 'calendarIconType', 'the date picker keeps its calendar button (an accessible way to open it)' );
			} elseif ( 'custom' === $icon ) {
				( $this->report )( GravityFormsTypes::LEFT_OUT, 'calendarIconUrl', 'the custom calendar icon (' . GravityFormsValues::str( $gf['calendarIconUrl'] ?? '' ) . ') is not shown; the date picker has our calendar button' );
			}
			return $out;
		}
		$out['inputs'] = $this->inputs( $gf, $id, 'date', array() );
		return $out;
	}

	/**
	 * The type's inputs in our order, ids kept; Gravity Forms' settings of each (customLabel,
	 * placeholder, defaultValue, autocompleteAttribute, isHidden, the prefix's choices) kept, an
	 * input that is not one of the type's, or a setting of one we do not read, reported.
	 *
	 * @param array<string, mixed> $gf    Gravity Forms field.
	 * @param int                  $id    Field id.
	 * @param string               $type  Our type.
	 * @param array<int, bool>     $force isHidden decided by the field (legacy formats), by input number.
	 * @param list<int>            $skip  Input numbers the field does not have (24-hour time: no AM/PM).
	 * @return list<array<string, mixed>>
	 */
	private function inputs( array $gf, int $id, string $type, array $force, array $skip = array() ): array {
		$given = array();
		foreach ( is_array( $gf['inputs'] ?? null ) ? $gf['inputs'] : array() as $input ) {
			$input_id = is_array( $input ) ? GravityFormsValues::str( $input['id'] ?? '' ) : '';
			$n        = 1 === preg_match( '/^' . $id . '\.([1-9][0-9]*)$/', $input_id, $m ) ? (int) $m[1] : 0;
			if ( isset( self::INPUTS[ $type ][ $n ] ) ) {
				$given[ $n ] = $input;
			} elseif ( ! in_array( $n, $skip, true ) ) {
				( $this->report )( GravityFormsTypes::LEFT_OUT, 'inputs["' . $input_id . '"]', 'not one of the inputs of a field of type ' . $type );
			}
		}
		$hideable = in_array( $type, array( 'name', 'address', 'consent' ), true );
		$out      = array();
		foreach ( self::INPUTS[ $type ] as $n => list( $label, $token, $hidden ) ) {
			if ( in_array( $n, $skip, true ) ) {
				continue;
			}
			$input = $given[ $n ] ?? array();
			$row   = array(
				'id'    => $id . '.' . $n,
				'label' => '' !== GravityFormsValues::str( $input['label'] ?? '' ) ? mb_substr( GravityFormsValues::str( $input['label'] ), 0, 1000 ) : $label,
			);
			foreach ( array( 'customLabel', 'placeholder', 'defaultValue' ) as $key ) {
				if ( '' !== GravityFormsValues::str( $input[ $key ] ?? '' ) ) {
					$row[ $key ] = mb_substr( GravityFormsValues::str( $input[ $key ] ), 0, 1000 );
				}
			}
			if ( null !== $token ) {
				$own                          = GravityFormsValues::str( $input['autocompleteAttribute'] ?? '' );
				$row['autocompleteAttribute'] = '' !== $own ? mb_substr( $own, 0, 100 ) : $token;
			}
			$is_hidden = $force[ $n ] ?? ( isset( $given[ $n ] ) ? ! empty( $input['isHidden'] ) : $hidden );
			if ( $hideable && $is_hidden ) {
				$row['isHidden'] = true;
			}
			if ( 'name' === $type && 2 === $n && is_array( $input['choices'] ?? null ) && $input['choices'] ) {
				$row['choices'] = array_slice( ( $this->choices )( $input ), 0, 100 );
			}
			$read = array( 'id', 'label', 'name', 'customLabel', 'placeholder', 'defaultValue', 'autocompleteAttribute', 'isHidden', 'choices', 'inputType' );
			foreach ( $input as $key => $value ) {
				if ( ! in_array( (string) $key, $read, true ) && ! GravityFormsValues::is_empty( $value ) ) {
					( $this->report )( GravityFormsTypes::LEFT_OUT, 'inputs["' . $row['id'] . '"].' . $key, 'this setting is not supported' );
				}
			}
			$out[] = $row;
		}
		return $out;
	}

	/**
	 * A field-level autocomplete token: ours is the type's own, another one is reported.
	 *
	 * @param array<string, mixed> $gf    Gravity Forms field.
	 * @param string               $token Our token.
	 */
	private function autocomplete( array $gf, string $token ): void {
		$given = GravityFormsValues::str( $gf['autocompleteAttribute'] ?? '' );
		if ( '' !== $given && $token !== $given ) {
			( $this->report )( GravityFormsTypes::LEFT_OUT, 'autocompleteAttribute', 'the input says autocomplete="' . $token . '", not "' . $given . '"' );
		}
	}

	/**
	 * A setting that is one of our values: empty is the default, another value becomes the
	 * nearest one and is reported.
	 *
	 * @param string       $value    Gravity Forms value.
	 * @param list<string> $allowed  Our values.
	 * @param string       $absent   Ours when Gravity Forms has none (its default).
	 * @param string       $nearest  Ours for another value.
	 * @param string       $setting  Setting name.
	 * @param string       $note     How it is approximated.
	 */
	private function one_of( string $value, array $allowed, string $absent, string $nearest, string $setting, string $note ): string {
		if ( '' === $value ) {
			return $absent;
		}
		if ( in_array( $value, $allowed, true ) ) {
			return $value;
		}
		( $this->report )( GravityFormsTypes::APPROXIMATED, $setting, $note );
		return $nearest;
	}

	/**
	 * Our spelling of a name in a list, compared without case; null when it is not there.
	 *
	 * @param string       $name Name.
	 * @param list<string> $list List.
	 */
	private static function find( string $name, array $list ): ?string {
		foreach ( $list as $item ) {
			if ( 0 === strcasecmp( trim( $name ), $item ) ) {
				return $item;
			}
		}
		return null;
	}
}
