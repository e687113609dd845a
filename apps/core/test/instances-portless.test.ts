import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { startTestCore, type TestCore } from './helpers.ts';
import { EventLog, isCreationEnd } from './instance-helpers.ts';

let t: TestCore | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

it('lets several generic instances that listen on no port (port 0) coexist', async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-portless-'));
  const definition = path.join(dir, 'definition.mjs');
  await fs.writeFile(
    definition,
    `export default { game_name: 'portless', game_display_name: 'Portless', setupManifest: () => ({ setting_sections: {} }),
      install: () => ({ version: '1', port: 0 }), start: () => ({ command: process.execPath, args: ['-e', ''] }), stop: { signal: 'SIGTERM' } };`,
  );
  t = await startTestCore();
  const owner = await t.setupOwner();
  const log = await EventLog.open(t, owner);
  const ends = [];
  for (const name of ['One', 'Two']) {
    const res = await t.request('POST', '/instance/create_generic', {
      token: owner,
      body: { url: pathToFileURL(definition).href, setup_value: { name, setting_sections: {} } },
    });
    expect(res.status, res.text).toBe(200);
    ends.push(await log.wait(isCreationEnd(res.json as string), `creation of ${name}`));
  }
  for (const end of ends)
    expect(end.event_inner).toMatchObject({ progression_event_inner: { success: true } });
  expect((await t.request('GET', '/check/port/0')).json).toMatchObject({ is_allocated: false });
  log.close();
  await fs.rm(dir, { recursive: true, force: true });
});
