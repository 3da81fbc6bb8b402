/**
 * Visitor entry printed inline on pages whose forms load their scripts on intent
 * (forms-ui/on-intent.ts): it imports nothing else, so it stays a few hundred bytes.
 */
import { startLoader } from '../forms-ui/on-intent';

startLoader();
