import { describe, expect, it } from 'vitest';
import { NonceCache } from './nonce-cache.js';

describe('nonce cache', () => {
  it('refuses a nonce seen within its lifetime and forgets it afterwards', () => {
    const cache = new NonceCache(1000);
    expect(cache.remember('a', 0)).toBe(true);
    expect(cache.remember('a', 500)).toBe(false);
    expect(cache.remember('b', 500)).toBe(true);
    expect(cache.remember('a', 40_000)).toBe(true);
  });
});
