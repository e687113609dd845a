// Issue 27 part 2, end to end through the core's API: a flying-squid server's backup, downloaded as
// the Backups tab does, is imported as a new instance (recognised as flying-squid by its settings
// file), started, and a real Minecraft client (mineflayer) joins the imported world — the world
// files of the backup are there. A start command of an unrecognised import runs in the sandbox.
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { StagedImportSchema, apiPaths } from '@hearth/protocol';
import { joinBot } from '../test-support/mineflayer-bot.ts';
import { sandboxDescribe } from '../test-support/hostile/fixture.ts';
import { backupThroughApi, consoleLines, createSquid } from './backups-app-helpers.ts';
import type { TestCore } from './helpers.ts';
import { succeeded, uploadImport, zipOf } from './import-helpers.ts';
import {
  freePort,
  isState,
  progressionEndFor,
  startAndWaitRunning,
  useOwnedCore,
  type EventLog,
} from './instance-helpers.ts';

describe('a flying-squid backup imported as a new instance', () => {
  let t: TestCore;
  let owner: string;
  let log: EventLog;

  useOwnedCore((core) => ({ t, owner, log } = core), { stopTimeoutMs: 10_000 });

  it('is recognised, created, started, and a player joins the imported world', async () => {
    const squid = await createSquid(t, owner, log, 'Original');
    await startAndWaitRunning(t, owner, log, squid.uuid);
    const stopped = log.next(isState(squid.uuid, 'Stopped'), 'Stopped');
    await t.request('PUT', apiPaths.instanceStop(squid.uuid), { token: owner });
    await stopped;
    const level = await fs.readFile(path.join(squid.dir, 'world', 'level.dat'));
    // A file of the player's own in the world, to find again in the import.
    await fs.writeFile(path.join(squid.dir, 'world', 'built-by-a-player.txt'), 'a castle');

    const backup = await backupThroughApi(t, owner, log, squid.uuid, { name: 'to move' });
    const key = await t.request('GET', apiPaths.backupUrl(squid.uuid, backup.id), {
      token: owner,
    });
    expect(key.status, key.text).toBe(200);
    const download = await fetch(`${t.api}${apiPaths.download(key.text)}`);
    expect(download.status).toBe(200);
    const archive = Buffer.from(await download.arrayBuffer());

    const res = await uploadImport(t, owner, 'original-backup.tar.gz', archive);
    expect(res.status, res.text).toBe(200);
    const stage = StagedImportSchema.parse(res.json);
    expect(stage.detection.kind).toBe('definition');
    expect(stage.detection.definition).toMatchObject({
      game_display_name: 'Minecraft (flying-squid)',
      values: { version: squid.version, port: squid.port },
    });

    const port = await freePort();
    const created = await t.request('POST', apiPaths.importCreate(stage.id), {
      token: owner,
      body: {
        kind: 'definition',
        url: stage.detection.definition!.url,
        setup_value: {
          name: 'Moved',
          setting_sections: {
            section_1: {
              settings: {
                version: { value: { type: 'Enum', value: squid.version } },
                port: { value: { type: 'UnsignedInteger', value: port } },
              },
            },
          },
        },
      },
    });
    expect(created.status, created.text).toBe(200);
    const uuid = created.json as string;
    expect(succeeded(await progressionEndFor(log, uuid, 90_000))).toBe(true);
    const dir = t.core.ctx.instances.folder(uuid);
    expect(dir).not.toBe(squid.dir);
    expect(await fs.readFile(path.join(dir, 'world', 'level.dat'))).toEqual(level);
    expect(await fs.readFile(path.join(dir, 'world', 'built-by-a-player.txt'), 'utf8')).toBe(
      'a castle',
    );

    await startAndWaitRunning(t, owner, log, uuid);
    const player = await joinBot({
      host: '127.0.0.1',
      port,
      username: 'Mover',
      version: squid.version,
    });
    try {
      expect(player.bot.entity.position).toBeDefined();
    } finally {
      await player.leave();
    }
    const done = log.next(isState(uuid, 'Stopped'), 'Stopped');
    await t.request('PUT', apiPaths.instanceStop(uuid), { token: owner });
    await done;
  }, 240_000);
});

const describeSandboxed = await sandboxDescribe();

describeSandboxed("an imported start command runs in the game's sandbox", () => {
  let t: TestCore;
  let owner: string;
  let log: EventLog;

  useOwnedCore((core) => ({ t, owner, log } = core), {
    isolation: 'required',
    stopTimeoutMs: 5000,
  });

  it("cannot see the core's database", async () => {
    const db = path.join(t.dataDir, 'hearth.db');
    const script = [
      `if [ -e '${db}' ]; then echo "probe: visible"; else echo "probe: hidden"; fi`,
      'exec sleep 600',
      '',
    ].join('\n');
    const res = await uploadImport(t, owner, 'probe.zip', await zipOf({ 'start.sh': script }));
    const stage = StagedImportSchema.parse(res.json);
    const created = await t.request('POST', apiPaths.importCreate(stage.id), {
      token: owner,
      body: { kind: 'command', name: 'Probe', port: await freePort(), command: 'sh start.sh' },
    });
    expect(created.status, created.text).toBe(200);
    const uuid = created.json as string;
    expect(succeeded(await progressionEndFor(log, uuid))).toBe(true);
    const output = consoleLines(t, uuid);
    await startAndWaitRunning(t, owner, log, uuid);
    expect(await output.wait(/^probe: /)).toBe('probe: hidden');
    output.close();
    const stopped = log.next(isState(uuid, 'Stopped'), 'Stopped');
    await t.request('PUT', apiPaths.instanceStop(uuid), { token: owner });
    await stopped;
  });
});
