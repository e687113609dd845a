// `hearth:macro` — the module a macro imports to talk to Hearth (see macros-examples/README.md).
import { deno } from './deno-api.ts';
import { task } from './task-context.ts';

export type { ClientEvent, Game, InstanceInfo, InstanceState, Player } from '@hearth/protocol';
export { HearthError } from './client.ts';
export {
  MacroEventStream,
  type MacroSdkEvent,
  type MacroSdkEventType,
  type SubscribeOptions,
} from './event-stream.ts';
export { InstanceHandle, currentInstance, type WaitOptions } from './instance.ts';
export { Progression, consoleOut, detach } from './notify.ts';
export { copyDir, ensureDir, exists, listDir, removePath } from './files.ts';

import { MacroEventStream, type SubscribeOptions } from './event-stream.ts';
import { InstanceHandle } from './instance.ts';

/** This task: its pid (as in Running Tasks), its macro's name and its instance. */
export function currentTask(): { pid: number; macroName: string; instanceUuid: string } {
  const t = task();
  return { pid: t.pid, macroName: t.macroName, instanceUuid: t.instanceUuid };
}

/** The arguments the task was run with (the JSON array of `macro/run`), same as Deno.args. */
export function args(): string[] {
  return [...deno.args];
}

/** Another instance by uuid (what the task's user may do there still applies). */
export function instance(uuid: string): InstanceHandle {
  return new InstanceHandle(uuid);
}

/** Live events of the task's instance (or `options.instanceUuid`): `for await (const e of await events())`. */
export function events(options: SubscribeOptions = {}): Promise<MacroEventStream> {
  return MacroEventStream.open(options);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
