// Shared by the files-*.test.ts suites: a real core with one cheap instance (a generic definition
// whose install writes nothing and starts no process), and helpers for file routes and their events.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { encodePathSegment, type ClientEvent } from '@hearth/protocol';
import type { CoreConfig } from '../src/app.ts';
import { readResponse, startTestCore, type TestCore, type TestResponse } from './helpers.ts';
import {
  EventLog,
  createGenericInstance,
  useOpened,
  writeNodeGameDefinition,
} from './instance-helpers.ts';
import { pollUntil } from '../test-support/poll.ts';

export interface FilesCore {
  t: TestCore;
  owner: string;
  log: EventLog;
  uuid: string;
  /** The instance folder (real path). */
  root: string;
  /** A temp folder outside the core's data dir, holding `outside/secret.txt` (must never change). */
  scratch: string;
  outside: string;
  close(): Promise<void>;
}

/**
 * Starts a core, its owner, an event log and one generic instance; `files` configures the file
 * layer, `dataDir` puts the core's data somewhere chosen (e.g. on a small tmpfs).
 */
export async function startFilesCore(
  files?: CoreConfig['files'],
  dataDir?: string,
): Promise<FilesCore> {
  const scratch = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-files-test-')));
  const outside = path.join(scratch, 'outside');
  await fs.mkdir(outside);
  await fs.writeFile(path.join(outside, 'secret.txt'), 'outside secret');
  const url = await writeNodeGameDefinition(path.join(scratch, 'definition.mjs'), {
    name: 'files-test',
    displayName: 'Files test',
    port: 0,
    script: 'setInterval(() => {}, 1000)',
  });
  const t = await startTestCore(files === undefined ? {} : { files }, dataDir);
  const owner = await t.setupOwner();
  const log = await EventLog.open(t, owner);
  const { uuid, dir } = await createGenericInstance(t, owner, log, url, 'Files');
  const root = await fs.realpath(dir);
  return {
    t,
    owner,
    log,
    uuid,
    root,
    scratch,
    outside,
    async close() {
      log.close();
      await t.close();
      await fs.rm(scratch, { recursive: true, force: true });
      await fs.rm(t.dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts a FilesCore (`files` as for startFilesCore) before the file's tests, hands it to `use`
 * (which keeps what the tests need, and may plant more), and closes it after them.
 */
export function useFilesCore(
  use: (opened: FilesCore) => unknown,
  files?: CoreConfig['files'],
): void {
  useOpened(() => startFilesCore(files), use);
}

/** `/instance/<uuid>/fs/<b64 path>/<op>` (the raw form, for segments built by hand). */
export function fsRoute(uuid: string, segment: string, op: string): string {
  return `/instance/${uuid}/fs/${segment}/${op}`;
}

export const b64 = encodePathSegment;

export type Progress = Extract<ClientEvent['event_inner'], { type: 'ProgressionEvent' }>;

function progressionOf(e: ClientEvent): Progress | null {
  return e.event_inner.type === 'ProgressionEvent' ? e.event_inner : null;
}

/** A progression's events: its start, its updates and (awaited) its end. */
export interface JobEvents {
  name: string;
  total: number | null;
  updates: { progress: number; message: string }[];
  end: { success: boolean; message: string | null; inner: unknown };
}

/** The first progression started after event index `from` whose name matches, awaited to its end. */
export async function jobAfter(
  log: EventLog,
  from: number,
  name: RegExp | string,
): Promise<JobEvents> {
  const matches = (n: string) => (typeof name === 'string' ? n === name : name.test(n));
  const start = await log.wait(
    (e) => {
      const p = progressionOf(e);
      return (
        log.events.indexOf(e) >= from &&
        p?.progression_event_inner.type === 'ProgressionStart' &&
        matches(p.progression_event_inner.progression_name)
      );
    },
    `a progression named ${String(name)}`,
  );
  const id = progressionOf(start)!.event_id;
  const endEvent = await log.wait(
    (e) =>
      progressionOf(e)?.event_id === id &&
      progressionOf(e)?.progression_event_inner.type === 'ProgressionEnd',
    `the end of ${String(name)}`,
  );
  const startInner = progressionOf(start)!.progression_event_inner;
  const endInner = progressionOf(endEvent)!.progression_event_inner;
  if (startInner.type !== 'ProgressionStart' || endInner.type !== 'ProgressionEnd')
    throw new Error('unexpected progression shape');
  const updates = log.events.flatMap((e) => {
    const p = progressionOf(e);
    return p?.event_id === id && p.progression_event_inner.type === 'ProgressionUpdate'
      ? [
          {
            progress: p.progression_event_inner.progress,
            message: p.progression_event_inner.progress_message,
          },
        ]
      : [];
  });
  return {
    name: startInner.progression_name,
    total: startInner.total,
    updates,
    end: { success: endInner.success, message: endInner.message, inner: endInner.inner },
  };
}

/** FSEvents seen after index `from`, as `{operation, target}`. */
export function fsEventsAfter(
  log: EventLog,
  from: number,
): { operation: unknown; target: { type: string; path: string } }[] {
  return log.events
    .slice(from)
    .flatMap((e) =>
      e.event_inner.type === 'FSEvent'
        ? [{ operation: e.event_inner.operation, target: e.event_inner.target }]
        : [],
    );
}

/** Waits until `check` holds (polling), failing after `ms`: for effects that finish after an answer. */
export function eventually(
  check: () => Promise<boolean>,
  what: string,
  ms = 10_000,
): Promise<void> {
  return pollUntil(what, check, { timeoutMs: ms, intervalMs: 20 });
}

/** Every name under `dir`, recursively (`a/b`), sorted; links are listed, not followed. */
export async function listTree(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (current: string, prefix: string): Promise<void> => {
    for (const entry of await fs.readdir(current, { withFileTypes: true })) {
      const rel = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
      out.push(rel);
      if (entry.isDirectory()) await walk(path.join(current, entry.name), rel);
    }
  };
  await walk(dir, '');
  return out.sort();
}

export function causesOf(res: TestResponse): string {
  return ((res.json as { causes?: string[] } | undefined)?.causes ?? []).join(': ');
}

/** A multipart body with one part per file (fetch builds the boundary). */
export function uploadForm(
  files: { name: string; data: string | Buffer }[],
  field = 'file',
): FormData {
  const form = new FormData();
  for (const f of files)
    form.append(
      field,
      new Blob([typeof f.data === 'string' ? f.data : new Uint8Array(f.data)]),
      f.name,
    );
  return form;
}

/** Sends a FormData upload through fetch (the test helper's request() only sends strings). */
export async function upload(
  fc: FilesCore,
  token: string,
  dir: string,
  form: FormData,
): Promise<TestResponse> {
  return readResponse(
    await fetch(`${fc.t.api}${fsRoute(fc.uuid, b64(dir), 'upload')}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    }),
  );
}
