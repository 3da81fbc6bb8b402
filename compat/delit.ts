/**
 * Literalised view of the provider's types (payments-sdk-compat.md §a): string enums become their
 * value unions, recursively, parameters included, so function-typed members are compared
 * contravariantly. Our own helper.
 */
type Primitive = string | number | boolean | bigint | symbol | null | undefined;
// Members the reference marks internal, left out on purpose.
type Internal = 'fromSerializedError' | '_buildWebSDKV1Payments';

export type Delit< T > = unknown extends T
	? T
	: T extends string
		? `${ T }`
		: T extends Primitive
			? T
			: T extends Node | Event | Window
				? T
				: T extends abstract new ( ...a: infer A ) => infer R
					? new ( ...a: DelitArgs< A > ) => Delit< R >
					: T extends ( ...a: infer A ) => infer R
						? ( ...a: DelitArgs< A > ) => Delit< R >
						: T extends Promise< infer U >
							? Promise< Delit< U > >
							: T extends ReadonlyArray< infer U >
								? Array< Delit< U > >
								: {
										[
											K in keyof T as K extends Internal
												? never
												: K
										]: Delit< T[ K ] >;
									};

type DelitArgs< A extends unknown[] > = { [ I in keyof A ]: Delit< A[ I ] > };
