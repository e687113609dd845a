// The main module of every task (`deno run … bootstrap.ts <args>`). It reads the task's init from
// stdin — never argv or a file, so the token is not visible to other processes or in the instance
// folder — sets the globals the reference injects, then imports the macro.
// The SDK is loaded here, as part of the main module graph: a module imported later (the macro)
// may only load files the task can read, and the SDK lives outside the instance folder.
import './index.ts';
import './lodestone/events.ts';
import './lodestone/instance.ts';
import './lodestone/prelude.ts';
import { deno } from './deno-api.ts';
import { STARTED_MARKER, setTask, type TaskInit } from './task-context.ts';

const MAX_INIT_BYTES = 8 * 1024 * 1024;

async function readInit(): Promise<TaskInit> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const buffer = new Uint8Array(64 * 1024);
  for (;;) {
    const n = await deno.stdin.read(buffer);
    if (n === null) break;
    chunks.push(buffer.slice(0, n));
    total += n;
    if (total > MAX_INIT_BYTES) throw new Error('The task init is too large');
  }
  const all = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.length;
  }
  return JSON.parse(new TextDecoder().decode(all)) as TaskInit;
}

const init = await readInit();
setTask(init);
const scope = globalThis as unknown as Record<string, unknown>;
scope.__macro_pid = init.pid;
scope.__instance_uuid = init.instanceUuid;
if (init.config) scope[init.config.variable] = init.config.values;
deno.stdout.writeSync(new TextEncoder().encode(`${STARTED_MARKER}\n`));
await import(init.main);
