import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { upstreamFixtureForSuite } from '../../../test-support/upstream-fixture/suite.ts';
import { dashedUuid, lookupOnlineUuid, lookupUuid, offlineUuid } from './mojang-profile.ts';

/** Java's UUID.nameUUIDFromBytes, written out independently of the implementation. */
function javaNameUuid(text: string): string {
  const md5 = createHash('md5').update(text).digest();
  const hex = md5.toString('hex');
  const v = ((parseInt(hex.slice(12, 14), 16) & 0x0f) | 0x30).toString(16).padStart(2, '0');
  const variant = ((parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16).padStart(2, '0');
  return hex.slice(0, 12) + v + hex.slice(14, 16) + variant + hex.slice(18);
}

describe('offlineUuid', () => {
  it('is the version-3 uuid of OfflinePlayer:<name>, undashed', () => {
    for (const name of ['Notch', 'Steve', 'jeb_', 'a']) {
      const uuid = offlineUuid(name);
      expect(uuid).toMatch(/^[0-9a-f]{12}3[0-9a-f]{3}[89ab][0-9a-f]{15}$/);
      expect(uuid).toBe(javaNameUuid(`OfflinePlayer:${name}`));
    }
    // Known value (what an offline-mode server prints for Notch).
    expect(offlineUuid('Notch')).toBe('b50ad385829d3141a2167e7d7539ba7f');
    expect(offlineUuid('Notch')).not.toBe(offlineUuid('notch'));
  });
});

describe('dashedUuid', () => {
  it('writes the 8-4-4-4-12 form of the JSON files', () => {
    expect(dashedUuid('069A79F444E94726A5BEFCA90E38AAF5')).toBe(
      '069a79f4-44e9-4726-a5be-fca90e38aaf5',
    );
    expect(dashedUuid('069a79f4-44e9-4726-a5be-fca90e38aaf5')).toBe(
      '069a79f4-44e9-4726-a5be-fca90e38aaf5',
    );
  });
});

describe('lookupUuid', () => {
  const fixture = upstreamFixtureForSuite();

  it('returns the Mojang id and falls back to the offline uuid', async () => {
    expect(await lookupUuid('Notch', fixture().upstreams)).toBe('069a79f444e94726a5befca90e38aaf5');
    expect(fixture().requests).toContain('/mojang-api/users/profiles/minecraft/Notch');
    expect(await lookupUuid('NoSuchPlayer', fixture().upstreams)).toBe(offlineUuid('NoSuchPlayer'));
    const unreachable = { mojangProfileApi: 'http://127.0.0.1:9' };
    expect(await lookupUuid('Steve', unreachable)).toBe(offlineUuid('Steve'));
  });

  it('says when there is no Mojang account (a ban must not name the offline uuid then)', async () => {
    expect(await lookupOnlineUuid('Notch', fixture().upstreams)).toBe(
      '069a79f444e94726a5befca90e38aaf5',
    );
    expect(await lookupOnlineUuid('NoSuchPlayer', fixture().upstreams)).toBeNull();
    expect(await lookupOnlineUuid('Steve', { mojangProfileApi: 'http://127.0.0.1:9' })).toBeNull();
  });

  it('gives up after the time-out instead of blocking', async () => {
    fixture().faults.hangProfiles = true;
    try {
      expect(await lookupUuid('Hanging', fixture().upstreams, { timeoutMs: 200 })).toBe(
        offlineUuid('Hanging'),
      );
    } finally {
      fixture().faults.hangProfiles = false;
    }
  });
});
