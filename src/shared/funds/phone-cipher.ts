/**
 * The phone of a funding organisation travels encrypted (spec: "phone (encrypted before sending,
 * with isEncrypt true)"), in both directions, under a key only this session knows.
 *
 * Scheme (one implementation for the browser and the server, over @noble/hashes, because a plain
 * http intranet page has no WebCrypto): two 256-bit keys are derived from the session's signKey
 * with HKDF-SHA256 (info 'ufc-phone-enc-v1' and 'ufc-phone-mac-v1'); a random 16-byte nonce; the
 * keystream is HMAC-SHA256(encKey, nonce ‖ counter) blocks (a PRF in counter mode) XORed with the
 * UTF-8 text; the tag is HMAC-SHA256(macKey, nonce ‖ ciphertext) over the whole (encrypt-then-MAC),
 * checked in constant time before anything is decrypted. Wire form: lower-case hex of
 * nonce ‖ ciphertext ‖ tag.
 */
import { hkdf } from '@noble/hashes/hkdf.js';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes, hexToBytes, randomBytes, utf8ToBytes } from '@noble/hashes/utils.js';

const NONCE_BYTES = 16;
const TAG_BYTES = 32;
/** Longest plain text accepted (a phone is far shorter); bounds the work a forged value can ask for. */
export const PHONE_CIPHER_MAX_PLAIN = 64;
export const PHONE_CIPHER_MAX_HEX = 2 * (NONCE_BYTES + PHONE_CIPHER_MAX_PLAIN + TAG_BYTES);

function keysOf(signKey: string): { enc: Uint8Array; mac: Uint8Array } {
  const ikm = utf8ToBytes(signKey);
  return {
    enc: hkdf(sha256, ikm, undefined, utf8ToBytes('ufc-phone-enc-v1'), 32),
    mac: hkdf(sha256, ikm, undefined, utf8ToBytes('ufc-phone-mac-v1'), 32),
  };
}

function keystream(key: Uint8Array, nonce: Uint8Array, length: number): Uint8Array {
  const out = new Uint8Array(length);
  for (let block = 0; block * 32 < length; block++) {
    const counter = new Uint8Array([block >>> 24, (block >>> 16) & 255, (block >>> 8) & 255, block & 255]);
    out.set(hmac(sha256, key, concatBytes(nonce, counter)).subarray(0, Math.min(32, length - block * 32)), block * 32);
  }
  return out;
}

function xor(a: Uint8Array, b: Uint8Array): Uint8Array {
  return a.map((byte, i) => byte ^ (b[i] ?? 0));
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

export function encryptPhone(signKey: string, phone: string, nonce: Uint8Array = randomBytes(NONCE_BYTES)): string {
  const { enc, mac } = keysOf(signKey);
  const plain = utf8ToBytes(phone);
  if (plain.length > PHONE_CIPHER_MAX_PLAIN) throw new RangeError('phone too long to encrypt');
  const cipher = xor(plain, keystream(enc, nonce, plain.length));
  const tag = hmac(sha256, mac, concatBytes(nonce, cipher));
  return bytesToHex(concatBytes(nonce, cipher, tag));
}

/** The phone, or null when the value was not made with this session's key (or was altered). */
export function decryptPhone(signKey: string, value: string): string | null {
  if (!/^(?:[0-9a-f]{2})+$/.test(value) || value.length > PHONE_CIPHER_MAX_HEX) return null;
  const bytes = hexToBytes(value);
  if (bytes.length < NONCE_BYTES + TAG_BYTES) return null;
  const nonce = bytes.subarray(0, NONCE_BYTES);
  const cipher = bytes.subarray(NONCE_BYTES, bytes.length - TAG_BYTES);
  const tag = bytes.subarray(bytes.length - TAG_BYTES);
  const { enc, mac } = keysOf(signKey);
  if (!sameBytes(tag, hmac(sha256, mac, concatBytes(nonce, cipher)))) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(xor(cipher, keystream(enc, nonce, cipher.length)));
  } catch {
    return null;
  }
}
