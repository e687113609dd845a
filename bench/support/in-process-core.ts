// A real core in this process (for benches that read its state or RSS directly): buildCore on port 0 with a temp data dir,
// an owner, and one instance of the cheapest kind (a generic definition whose install writes
// nothing). In-process so the benchmark can sample the core's RSS with process.memoryUsage().
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildCore, defaultConfig, type Core } from '../../apps/core/src/app.ts';

const DEFINITION = `export default {
  game_name: 'files-bench',
  game_display_name: 'Files benchmark',
  setupManifest: () => ({ setting_sections: {} }),
  install: () => ({ version: '1', port: 0 }),
  start: () => ({ command: process.execPath, args: ['-e', 'setInterval(() => {}, 1000)'] }),
  stop: { signal: 'SIGTERM' },
};
`;

export interface FileBenchCore {
  core: Core;
  /** http://127.0.0.1:<port>/api/v1 */
  api: string;
  token: string;
  uuid: string;
  /** The instance folder. */
  root: string;
  /** A scratch folder on the same disk (the temp dir), removed by close(). */
  scratch: string;
  close(): Promise<void>;
}

export async function startFileBenchCore(label: string): Promise<FileBenchCore> {
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), `hearth-bench-${label}-`));
  // The sandboxed server (--isolation auto) reads the definition as an unprivileged user.
  await fs.chmod(scratch, 0o755);
  const dataDir = path.join(scratch, 'data');
  const definition = path.join(scratch, 'definition.mjs');
  await fs.writeFile(definition, DEFINITION);
  let setupKey: string | null = null;
  const core = await buildCore(
    defaultConfig({
      dataDir,
      port: 0,
      host: '127.0.0.1',
      logLevel: 'silent',
      autoStart: false,
      onSetupKey: (k) => (setupKey = k),
    }),
  );
  const close = async () => {
    await core.close();
    await fs.rm(scratch, { recursive: true, force: true });
  };
  try {
    await core.listen();
    const address = core.app.server.address();
    if (address === null || typeof address === 'string')
      throw new Error('the core has no TCP address');
    const api = `http://127.0.0.1:${address.port}/api/v1`;
    const call = async (
      method: string,
      route: string,
      body?: unknown,
      token?: string,
    ): Promise<unknown> => {
      const res = await fetch(`${api}${route}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`${method} ${route}: ${res.status} ${text}`);
      return text === '' ? null : JSON.parse(text);
    };
    const { token } = (await call('POST', `/setup/${setupKey}`, {
      username: 'bench',
      password: 'bench-password',
    })) as { token: string };
    const uuid = (await call(
      'POST',
      '/instance/create_generic',
      { url: pathToFileURL(definition).href, setup_value: { name: label, setting_sections: {} } },
      token,
    )) as string;
    for (let i = 0; !core.ctx.instances.exists(uuid); i++) {
      if (i > 600) throw new Error('the instance was not created');
      await new Promise((r) => setTimeout(r, 50));
    }
    const root = await fs.realpath(core.ctx.instances.folder(uuid));
    return { core, api, token, uuid, root, scratch, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/** Median of a list of numbers. */
