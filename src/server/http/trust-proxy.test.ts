import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { parseTrustProxy, trustProxyOption } from './trust-proxy.js';

describe('TRUST_PROXY', () => {
  it('is off unless set', () => {
    for (const value of [undefined, '', 'off', 'false', '0']) expect(parseTrustProxy(value)).toBe(false);
    expect(trustProxyOption(false)).toBe(false);
  });

  it('takes a hop count: the client is the address the outermost trusted hop saw', () => {
    expect(parseTrustProxy('2')).toEqual({ hops: 2 });
    const trust = trustProxyOption({ hops: 2 });
    if (typeof trust !== 'function') throw new Error('a function expected');
    // hop 0: the connection, hop 1: the rightmost X-Forwarded-For entry, ...
    expect([0, 1, 2, 3].map((hop) => trust('10.0.0.1', hop))).toEqual([true, true, false, false]);
  });

  it('takes the proxies as addresses and networks', () => {
    expect(parseTrustProxy('10.0.0.5, 10.1.0.0/16,::1,fd00::/8,192.168.0.0/255.255.0.0,loopback')).toEqual({
      proxies: ['10.0.0.5', '10.1.0.0/16', '::1', 'fd00::/8', '192.168.0.0/255.255.0.0', 'loopback'],
    });
  });

  it('refuses the former `on`, which believed the client, and anything it cannot read, saying what to write', () => {
    for (const value of ['on', 'ON', 'true', 'yes']) expect(() => parseTrustProxy(value)).toThrow(/TRUST_PROXY=1/);
    for (const value of ['10.0.0.300', '10.0.0.0/33', 'proxy.local', '1.2.3.4/8/1']) {
      expect(() => parseTrustProxy(value)).toThrow(/TRUST_PROXY 无法识别/);
    }
    expect(() => loadConfig({ TRUST_PROXY: 'on' })).toThrow(/不再支持/);
  });
});
