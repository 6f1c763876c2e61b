/**
 * The request signature checked with Node's native HMAC: the same bytes as sign() in
 * src/shared/signature.ts (which stays pure JavaScript for plain-http pages in the browser), at a
 * fraction of the cost on every signed call.
 */
import { createHmac } from 'node:crypto';
import { canonicalString, type SignedCall } from '../../shared/signature.js';

export function serverSign(signKey: string, call: SignedCall): string {
  return createHmac('sha256', signKey).update(canonicalString(call), 'utf8').digest('hex');
}
