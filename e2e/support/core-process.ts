import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningCore {
  /** e.g. http://127.0.0.1:41234 — the dashboard is served at `/`. */
  url: string;
  port: number;
  dataDir: string;
  /** The first-run key read from the core's stdout (null once an owner exists). */
  setupKey: string | null;
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * Runs Hearth exactly as `npm start` does (scripts/start.mjs), on an ephemeral port with a temp data
 * dir, and reads the URL and the setup key from its stdout. Stopped by PID (SIGTERM, then SIGKILL).
 */
export async function startCore(
  options: { dataDir?: string; env?: Record<string, string> } = {},
): Promise<RunningCore> {
  const dataDir = options.dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-e2e-')));
  const proc: ChildProcess = spawn(
    process.execPath,
    [
      path.join(repoRoot, 'scripts/start.mjs'),
      '--port',
      '0',
      '--host',
      '127.0.0.1',
      '--data-dir',
      dataDir,
      '--log-level',
      'warn',
    ],
    { cwd: repoRoot, env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  proc.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr?.on('data', (d: Buffer) => (out += d.toString()));

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`core did not start:\n${out}`)), 120_000);
    const check = () => {
      const m = /listening on https?:\/\/localhost:(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    };
    proc.stdout?.on('data', check);
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`core exited with ${code}:\n${out}`));
    });
  });
  const key = /First time setup key: ([A-Za-z0-9]{16})/.exec(out)?.[1] ?? null;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    setupKey: key,
    output: () => out,
    stop: () =>
      new Promise<void>((resolve) => {
        if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
        const killer = setTimeout(() => proc.kill('SIGKILL'), 40_000);
        proc.once('exit', () => {
          clearTimeout(killer);
          resolve();
        });
        proc.kill('SIGTERM');
      }),
  };
}
