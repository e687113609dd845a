import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SetupManifestSchema, UnavailableGameSchema, apiPaths } from '@hearth/protocol';
import { z } from 'zod';
import type { TestCore } from './helpers.ts';
import {
  createInstance,
  EventLog,
  freePort,
  minecraftSetup,
  startAndWaitRunning,
  stopAndWaitStopped,
  useInstanceSuite,
} from './instance-helpers.ts';

let t: TestCore;
let owner: string;
let log: EventLog;

useInstanceSuite((suite) => ({ t, owner, log } = suite));

describe('games and setup manifests', () => {
  it('lists the four installable flavours and says why Spigot is not one', async () => {
    expect((await t.request('GET', '/games')).json).toEqual([
      'MinecraftJavaVanilla',
      'MinecraftFabric',
      'MinecraftForge',
      'MinecraftPaper',
    ]);
    const unavailable = z
      .array(UnavailableGameSchema)
      .parse((await t.request('GET', apiPaths.gamesUnavailable())).json);
    expect(unavailable.find((g) => g.game === 'MinecraftSpigot')?.reason).toMatch(/BuildTools/);
  });

  it('serves section_1/section_2 with the live version list of the flavour', async () => {
    const res = await t.request('GET', '/setup_manifest/MinecraftPaper', { token: owner });
    const manifest = SetupManifestSchema.parse(res.json);
    expect(Object.keys(manifest.setting_sections)).toEqual(['section_1', 'section_2']);
    expect(manifest.setting_sections.section_1?.settings.version?.value_type).toEqual({
      type: 'Enum',
      options: ['1.21.1', '1.20.4', '1.20.1'],
    });
    expect(
      (await t.request('GET', '/setup_manifest/MinecraftBedrock', { token: owner })).status,
    ).toBe(400);
    expect((await t.request('GET', '/setup_manifest/Terraria', { token: owner })).status).toBe(400);
    expect((await t.request('GET', '/setup_manifest/MinecraftPaper')).status).toBe(401);
  });
});

describe.each([
  {
    game: 'MinecraftPaper',
    variant: 'Paper',
    version: '1.20.4',
    pin: { loader_version: { value: { type: 'String', value: '495' } } },
    flavour: { paper: { build_version: 495 } },
  },
  {
    game: 'MinecraftFabric',
    variant: 'Fabric',
    version: '1.20.4',
    pin: {},
    flavour: { fabric: { loader_version: '0.15.11', installer_version: '1.0.1' } },
  },
  {
    game: 'MinecraftForge',
    variant: 'Forge',
    version: '1.20.1',
    pin: {},
    flavour: { forge: { build_version: '1.20.1-47.3.0' } },
  },
])('$variant', ({ game, variant, version, pin, flavour }) => {
  it('installs against the local upstreams, runs to Done and stops', async () => {
    const info = await createInstance(
      t,
      owner,
      log,
      game,
      minecraftSetup(`${variant} server`, version, await freePort(), pin),
    );
    expect(info.game_type).toEqual({ type: 'MinecraftJava', variant: { type: variant } });
    const config = JSON.parse(
      await fs.readFile(path.join(info.path, '.lodestone_minecraft_config.json'), 'utf8'),
    ) as Record<string, unknown>;
    expect(config.flavour).toEqual(flavour);
    await startAndWaitRunning(t, owner, log, info.uuid);
    await stopAndWaitStopped(t, owner, log, info.uuid);
  });
});
