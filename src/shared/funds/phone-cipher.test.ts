import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decryptPhone, encryptPhone, PHONE_CIPHER_MAX_PLAIN } from './phone-cipher.js';

const KEY = 'a'.repeat(64);
const OTHER = 'b'.repeat(64);

describe('phone cipher (isEncrypt)', () => {
  it('round-trips any phone text under the session key, and never shows it in the clear', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (phone) => {
        const sealed = encryptPhone(KEY, phone);
        expect(decryptPhone(KEY, sealed)).toBe(phone);
        if (phone.length >= 4) expect(sealed).not.toContain(Buffer.from(phone).toString('hex'));
      }),
    );
  });

  it('gives a different text each time (random nonce) for the same phone', () => {
    expect(encryptPhone(KEY, '13800138000')).not.toBe(encryptPhone(KEY, '13800138000'));
  });

  it('refuses another session’s value, any altered byte, and malformed text', () => {
    const sealed = encryptPhone(KEY, '13800138000');
    expect(decryptPhone(OTHER, sealed)).toBeNull();
    for (const at of [0, 40, sealed.length - 1]) {
      const flipped = sealed.slice(0, at) + (sealed[at] === '0' ? '1' : '0') + sealed.slice(at + 1);
      expect(decryptPhone(KEY, flipped)).toBeNull();
    }
    expect(decryptPhone(KEY, '13800138000')).toBeNull();
    expect(decryptPhone(KEY, 'zz')).toBeNull();
    expect(decryptPhone(KEY, sealed.slice(0, 40))).toBeNull();
    expect(() => encryptPhone(KEY, '1'.repeat(PHONE_CIPHER_MAX_PLAIN + 1))).toThrow(RangeError);
  });
});
