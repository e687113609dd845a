import { describe, expect, it } from 'vitest';
import { upstreamFixtureForSuite } from '../../../test-support/upstream-fixture/suite.ts';
import { CoreError } from '../../errors.ts';
import {
  FLAVOURS,
  flavourFromGame,
  flavourFromHandlerGameType,
  gameFor,
  handlerGameTypeFor,
} from './flavours.ts';
import { DEFAULT_UPSTREAMS, resolveUpstreams, upstreamsFromEnv } from './upstreams.ts';
import { compareDotted, listVersions } from './versions.ts';

describe('listVersions (against the local fixture)', () => {
  const fixture = upstreamFixtureForSuite();

  it('orders each flavour as core-api.md §3.3.2 says', async () => {
    const up = fixture().upstreams;
    expect(await listVersions('vanilla', up)).toEqual([
      '24w33a',
      '1.21.1',
      '1.20.4',
      '1.20.1',
      '1.17.1',
      '1.16.5',
      'b1.7.3',
    ]);
    expect(await listVersions('fabric', up)).toEqual(['24w33a', '1.21.1', '1.20.4', '1.20.1']);
    expect(await listVersions('paper', up)).toEqual(['1.21.1', '1.20.4', '1.20.1']);
    expect(await listVersions('forge', up)).toEqual(['1.21.1', '1.20.1', '1.16.5']);
  });

  it('fails with an External error when an upstream is down', async () => {
    fixture().faults.notFound = ['/paper'];
    try {
      const err = await listVersions('paper', fixture().upstreams).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(CoreError);
      expect((err as CoreError).kind).toBe('External');
      expect((err as CoreError).message).toContain('404');
    } finally {
      fixture().faults.notFound = [];
    }
  });
});

describe('compareDotted', () => {
  it('compares numerically part by part', () => {
    const sorted = ['0.15.9', '0.16.0', '0.15.11', '0.9', '0.15.11.1'].sort(compareDotted);
    expect(sorted).toEqual(['0.9', '0.15.9', '0.15.11', '0.15.11.1', '0.16.0']);
  });
});

describe('flavours and upstreams', () => {
  it('maps flavours to handler types and games and back', () => {
    for (const flavour of FLAVOURS) {
      expect(flavourFromHandlerGameType(handlerGameTypeFor(flavour))).toBe(flavour);
      expect(flavourFromGame(gameFor(flavour))).toBe(flavour);
    }
    expect(flavourFromHandlerGameType('MinecraftBedrock')).toBeNull();
    expect(flavourFromGame({ type: 'MinecraftJava', variant: { type: 'Spigot' } })).toBeNull();
    expect(gameFor('paper')).toEqual({ type: 'MinecraftJava', variant: { type: 'Paper' } });
  });

  it('every base URL can be overridden', () => {
    expect(resolveUpstreams({ paperApi: 'http://mirror.local/paper/' }).paperApi).toBe(
      'http://mirror.local/paper',
    );
    const env = upstreamsFromEnv({ HEARTH_FABRIC_META_URL: 'http://127.0.0.1:1/fabric' });
    expect(env.fabricMeta).toBe('http://127.0.0.1:1/fabric');
    expect(env.mojangVersionManifest).toBe(DEFAULT_UPSTREAMS.mojangVersionManifest);
  });
});
