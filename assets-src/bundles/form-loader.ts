/**
 * Visitor entry printed inline on pages whose forms load their scripts on intent
 * (forms-ui/on-intent.ts): it imports nothing else, so it stays about 1 KB.
 *
 * The template of waiting scripts is the element printed right before this script
 * (Assets::print_on_intent), found by position rather than by id: content on the page could
 * carry an element with the same id.
 */
import { startLoader } from '../forms-ui/on-intent';

const before = document.currentScript?.previousElementSibling ?? null;
startLoader( document, before ?? undefined );
