import { describe, expect, it } from 'vitest';
import { fastifyTrustProxy, parseTrustProxy } from './trust-proxy.ts';

describe('TRUST_PROXY', () => {
  it('is off unless set', () => {
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('TRUE')).toBe(true);
  });

  it('takes a hop count', () => {
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('0')).toBe(0);
  });

  it('a hop count trusts the nearest peers only', () => {
    const trust = fastifyTrustProxy(2);
    if (typeof trust !== 'function') throw new Error('a count is a function');
    expect([0, 1, 2].map((hop) => trust('10.0.0.1', hop))).toEqual([true, true, false]);
    expect(fastifyTrustProxy(0)).toBe(false);
    expect(fastifyTrustProxy(['10.0.0.1'])).toEqual(['10.0.0.1']);
  });

  it('takes addresses, CIDRs and named ranges', () => {
    expect(parseTrustProxy('10.0.0.5, 192.168.0.0/16,fd00::/8,loopback')).toEqual([
      '10.0.0.5',
      '192.168.0.0/16',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses what is neither', () => {
    for (const bad of [
      'yes',
      '10.0.0',
      '10.0.0.0/33',
      '::1/129',
      '10.0.0.1/8/8',
      'a,b',
      '1,',
      '1e3',
    ]) {
      expect(parseTrustProxy(bad), bad).toBeNull();
    }
  });
});
