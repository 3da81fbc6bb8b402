import {
	createContext,
	useContext,
	useLayoutEffect,
	useRef,
	useState,
} from '@wordpress/element';
import type { HTMLAttributes, ReactNode, RefObject } from 'react';

/** Length of a show/hide slide (spec §9: 400 ms, linear easing). */
export const REVEAL_DURATION_MS = 400;

/** Whether fields slide in and out when conditional logic shows or hides them. */
export const AnimationContext = createContext( false );

function prefersReducedMotion(): boolean {
	return (
		typeof window.matchMedia === 'function' &&
		window.matchMedia( '(prefers-reduced-motion: reduce)' ).matches
	);
}

/**
 * Shows and hides an element for conditional logic, sliding it (height, 400 ms, linear) when
 * the form enables animation. Never on the first render (the first pass of the rules), never
 * under prefers-reduced-motion, never without the Web Animations API.
 *
 * The caller disables the inputs at once; while a hide slides out, the element stays in the
 * layout and only gets `hidden` once the slide ends, so what the visitor sees never jumps.
 *
 * @param concealed Whether conditional logic hides the element now.
 * @return The ref to put on the element and the value of its `hidden` attribute.
 */
export function useReveal< T extends HTMLElement >(
	concealed: boolean
): { ref: RefObject< T >; hidden: boolean } {
	const animate = useContext( AnimationContext );
	const ref = useRef< T >( null );
	// The concealment this render follows, and whether a hide is still sliding out. Derived
	// during render (not in an effect) so a hide never paints one hidden frame first.
	const [ shown, setShown ] = useState( {
		concealed,
		leaving: false,
	} );
	const canAnimate =
		animate &&
		! prefersReducedMotion() &&
		typeof HTMLElement.prototype.animate === 'function';
	if ( shown.concealed !== concealed ) {
		setShown( { concealed, leaving: concealed && canAnimate } );
	}
	const first = useRef( true );
	// Height of a slide that was cut short, so the reverse slide starts where it stopped.
	const stoppedAt = useRef< number | null >( null );
	useLayoutEffect( () => {
		if ( first.current ) {
			first.current = false;
			return;
		}
		const element = ref.current;
		if ( ! element || ! canAnimate ) {
			return;
		}
		const full = element.scrollHeight;
		const from = stoppedAt.current ?? ( concealed ? full : 0 );
		stoppedAt.current = null;
		const animation = element.animate(
			[
				{ height: `${ from }px`, overflow: 'hidden' },
				{ height: `${ concealed ? 0 : full }px`, overflow: 'hidden' },
			],
			{
				duration: REVEAL_DURATION_MS,
				easing: 'linear',
				// A finished hide keeps its zero height until `hidden` takes over.
				fill: concealed ? 'forwards' : 'none',
			}
		);
		animation.onfinish = () => {
			if ( concealed ) {
				// Hide first, then drop the held zero height, so no frame shows it full again.
				element.hidden = true;
				animation.cancel();
				setShown( ( current ) =>
					current.concealed ? { ...current, leaving: false } : current
				);
			}
		};
		return () => {
			if ( animation.playState === 'running' ) {
				stoppedAt.current = element.getBoundingClientRect().height;
			}
			animation.cancel();
		};
		// eslint-disable-next-line react-hooks/exhaustive-deps -- a slide starts only when the concealment changes.
	}, [ concealed ] );
	return { ref, hidden: concealed && ! shown.leaving };
}

/**
 * A div that conditional logic shows and hides (see useReveal). Wrappers inside it
 * (a product's field inside its group) do not slide a second time.
 *
 * @param props           Div attributes.
 * @param props.concealed Whether conditional logic hides it now.
 * @param props.children
 */
export function RevealDiv( {
	concealed,
	children,
	...rest
}: HTMLAttributes< HTMLDivElement > & { concealed: boolean } ) {
	const { ref, hidden } = useReveal< HTMLDivElement >( concealed );
	return (
		<div ref={ ref } hidden={ hidden } { ...rest }>
			{ withoutInnerSlide( children ) }
		</div>
	);
}

/**
 * The content of a wrapper: wrappers inside it do not slide a second time. Always the same
 * provider, whether or not the form slides, so that the live preview switching the form's
 * animation does not remount every field's inputs (and lose the focus).
 *
 * @param children Content.
 */
function withoutInnerSlide( children: ReactNode ) {
	return (
		<AnimationContext.Provider value={ false }>
			{ children }
		</AnimationContext.Provider>
	);
}
