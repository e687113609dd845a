// Starts support/ws-subscribers.ts in its own process and hands back its figures when it is done.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnTracked, stopProcess, waitForOutput } from './processes.ts';
import type { SubscriberFigures } from './ws-subscribers.ts';

const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'ws-subscribers.ts');

/** Resolves once `count` subscribers are connected to `url`; `figures` resolves when they are done. */
export async function startSubscribers(
  url: string,
  count: number,
  timeoutSeconds: number,
): Promise<{ figures: Promise<SubscriberFigures[]> }> {
  const child = spawnTracked(
    process.execPath,
    [
      '--import',
      'tsx',
      SCRIPT,
      '--url',
      url,
      '--count',
      String(count),
      '--timeout',
      String(timeoutSeconds),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  try {
    await waitForOutput(child, /^ready$/m, 60_000);
  } catch (err) {
    await stopProcess(child);
    throw err;
  }
  const figures = exited.then((code) => {
    const last = out.trim().split('\n').at(-1) ?? '';
    if (code !== 0 || !last.startsWith('[')) throw new Error(`subscribers exited ${code}: ${out}`);
    return JSON.parse(last) as SubscriberFigures[];
  });
  return { figures };
}
