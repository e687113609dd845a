import { describe, expect, it } from 'vitest';
import {
  isSameEndpoint,
  isSavedCore,
  localProbeTarget,
  shouldOfferLocalCore,
} from './local-probe.ts';

const core = (address: string, port = 16662) => ({
  address,
  port,
  protocol: 'http' as const,
  apiVersion: 'v1' as const,
});

describe('local-core probe target', () => {
  it('probes the page origin when a core serves the dashboard', () => {
    expect(
      localProbeTarget({ protocol: 'http:', hostname: '127.0.0.1', port: '16662' }, true),
    ).toEqual(core('127.0.0.1'));
    expect(localProbeTarget({ protocol: 'https:', hostname: 'box.lan', port: '' }, true)).toEqual({
      address: 'box.lan',
      port: 443,
      protocol: 'https',
      apiVersion: 'v1',
    });
    expect(localProbeTarget({ protocol: 'http:', hostname: 'box.lan', port: '' }, true).port).toBe(
      80,
    );
  });

  it('probes http://localhost:16662 otherwise', () => {
    expect(
      localProbeTarget({ protocol: 'http:', hostname: 'dev.box', port: '3001' }, false),
    ).toEqual(core('localhost'));
    expect(localProbeTarget({ protocol: 'file:', hostname: '', port: '' }, true)).toEqual(
      core('localhost'),
    );
  });
});

describe('local-core detection', () => {
  it('treats loopback names as one machine', () => {
    expect(isSameEndpoint(core('localhost'), core('127.0.0.1'))).toBe(true);
    expect(isSameEndpoint(core('[::1]'), core('LOCALHOST'))).toBe(true);
    expect(isSameEndpoint(core('localhost'), core('localhost', 1))).toBe(false);
    expect(isSameEndpoint(core('box.lan'), core('localhost'))).toBe(false);
  });

  it('offers a core that answered and is neither saved nor skipped', () => {
    const target = core('127.0.0.1');
    expect(shouldOfferLocalCore({ answered: true, target, saved: [], skipped: false })).toBe(true);
    expect(shouldOfferLocalCore({ answered: false, target, saved: [], skipped: false })).toBe(
      false,
    );
    expect(shouldOfferLocalCore({ answered: true, target, saved: [], skipped: true })).toBe(false);
    expect(
      shouldOfferLocalCore({ answered: true, target, saved: [core('localhost')], skipped: false }),
    ).toBe(false);
    expect(isSavedCore(target, [core('box.lan')])).toBe(false);
  });
});
