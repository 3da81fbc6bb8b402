/**
 * What the main frame gives each wallet's handlers: the channel to the host page, the transport
 * to the provider (this frame's origin) and the session as the main frame knows it.
 */
import type { Channel } from '../../protocol';
import type { providerTransport } from '../link';

export interface MainFrameState {
	channel: Channel;
	provider: ReturnType< typeof providerTransport >;
	/** Host page origin (where the merchant's page runs). */
	hostOrigin: string;
	/** Session id from the hydration ('' before it). */
	sessionId: () => string;
	/** What INITIALIZE and SESSION_UPDATE said (applicationId, locationId, sourceUrl, …). */
	init: () => Readonly< Record< string, unknown > >;
}
