/**
 * The request signature checked with Node's native HMAC: the same bytes as sign() in
 * src/shared/signature.ts (which stays pure JavaScript for plain-http pages in the browser), at a
 * fraction of the cost on every signed call.
 */
import { createHmac } from 'node:crypto';
import { canonicalString, type SignableParams } from '../../shared/signature.js';

export function serverSign(signKey: string, params: SignableParams | null | undefined, timestamp: string, nonce: string): string {
  return createHmac('sha256', signKey)
    .update(canonicalString(params, timestamp, nonce), 'utf8')
    .digest('hex');
}
