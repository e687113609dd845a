// Issue 15 #1: the games that ship with the core are listed for the wizard
// (`GET /games/definitions`). Hearth's own documentation at `/docs/` (#3): docs-pages.test.ts.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { ShippedDefinitionSchema, SetupManifestSchema, apiPaths } from '@hearth/protocol';
import { loadGenericDefinition } from '../src/runtime/generic/index.ts';
import type { TestCore } from './helpers.ts';
import { useOwnedCore } from './instance-helpers.ts';

let t: TestCore;
let owner: string;

useOwnedCore((core) => ({ t, owner } = core));

describe('GET /games/definitions', () => {
  it('lists flying-squid for anyone, with a URL the generic routes load', async () => {
    const res = await t.request('GET', apiPaths.gamesDefinitions());
    expect(res.status).toBe(200);
    const list = z.array(ShippedDefinitionSchema).parse(res.json);
    const squid = list.find((d) => d.game_name === 'flying-squid');
    expect(squid).toMatchObject({ game_display_name: 'Minecraft (flying-squid)' });
    await fs.access(fileURLToPath(squid!.url));

    const manifest = await t.request('PUT', apiPaths.genericSetupManifest(), {
      token: owner,
      body: { url: squid!.url },
    });
    expect(manifest.status, manifest.text).toBe(200);
    const sections = SetupManifestSchema.parse(manifest.json).setting_sections;
    expect(Object.keys(sections.section_1?.settings ?? {})).toContain('version');
  });

  it('describes every shipped definition as the definition itself does', async () => {
    const list = z
      .array(ShippedDefinitionSchema)
      .parse((await t.request('GET', apiPaths.gamesDefinitions())).json);
    expect(list.length).toBeGreaterThan(0);
    const cacheDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-shipped-'));
    try {
      for (const entry of list) {
        const loaded = await loadGenericDefinition(entry.url, { cacheDir, allowPrivate: true });
        expect(loaded.game).toEqual({
          type: 'Generic',
          game_name: entry.game_name,
          game_display_name: entry.game_display_name,
        });
        expect(entry.description.length).toBeGreaterThan(0);
      }
    } finally {
      await fs.rm(cacheDir, { recursive: true, force: true });
    }
  });
});
