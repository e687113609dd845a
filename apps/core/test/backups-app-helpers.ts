// Shared by the app-level tests that need a flying-squid server (backups, schedules, transfers,
// players, macros): a flying-squid instance made through the API, the end of backup work as the
// event stream reports it, console lines as the bus carries them.
import { expect } from 'vitest';
import {
  BackupRecordSchema,
  SetupManifestSchema,
  type BackupRecord,
  type ClientEvent,
} from '@hearth/protocol';
import { FLYING_SQUID_DEFINITION_URL } from '../src/runtime/generic/builtin.ts';
import type { TestCore } from './helpers.ts';
import { EventLog, freePort, isCreationEnd } from './instance-helpers.ts';

export interface Squid {
  uuid: string;
  port: number;
  version: string;
  dir: string;
}

/** Creates a flying-squid instance through the API on a free port. */
export async function createSquid(
  t: TestCore,
  token: string,
  log: EventLog,
  name: string,
): Promise<Squid> {
  const manifest = SetupManifestSchema.parse(
    (
      await t.request('PUT', '/generic_setup_manifest', {
        token,
        body: { url: FLYING_SQUID_DEFINITION_URL },
      })
    ).json,
  );
  const version = manifest.setting_sections.section_1?.settings.version?.default_value?.value;
  const port = await freePort();
  const res = await t.request('POST', '/instance/create_generic', {
    token,
    body: {
      url: FLYING_SQUID_DEFINITION_URL,
      setup_value: {
        name,
        setting_sections: {
          section_1: { settings: { port: { value: { type: 'UnsignedInteger', value: port } } } },
        },
      },
    },
  });
  expect(res.status, res.text).toBe(200);
  const uuid = res.json as string;
  await log.wait(isCreationEnd(uuid), `the creation of ${name}`);
  return { uuid, port, version: String(version), dir: t.core.ctx.instances.folder(uuid) };
}

/** The next end of backup or restore work on the instance (FSOperationCompleted names it). */
export function nextBackupEnd(log: EventLog, uuid: string, ms?: number) {
  return log
    .next(
      (e: ClientEvent) =>
        e.event_inner.type === 'ProgressionEvent' &&
        e.event_inner.progression_event_inner.type === 'ProgressionEnd' &&
        e.event_inner.progression_event_inner.inner?.type === 'FSOperationCompleted' &&
        e.event_inner.progression_event_inner.inner.instance_uuid === uuid,
      `the end of backup work on ${uuid}`,
      ms,
    )
    .then((e) => {
      const inner = e.event_inner;
      if (
        inner.type !== 'ProgressionEvent' ||
        inner.progression_event_inner.type !== 'ProgressionEnd'
      )
        throw new Error('not an end');
      return inner.progression_event_inner;
    });
}

/** Starts a backup through the API and waits for it to be Ready. */
export async function backupThroughApi(
  t: TestCore,
  token: string,
  log: EventLog,
  uuid: string,
  body: { name?: string | null; locked?: boolean } = {},
): Promise<BackupRecord> {
  const ended = nextBackupEnd(log, uuid, 120_000);
  const res = await t.request('POST', `/instance/${uuid}/backups`, { token, body });
  expect(res.status, res.text).toBe(200);
  const started = BackupRecordSchema.parse(res.json);
  expect(started.state).toBe('Creating');
  const end = await ended;
  expect(end.success, end.message ?? '').toBe(true);
  return BackupRecordSchema.parse(
    (await t.request('GET', `/instance/${uuid}/backups/${started.id}`, { token })).json,
  );
}

/** Console lines (without terminators) of one instance from now on (the event stream leaves them out). */
export function consoleLines(t: TestCore, uuid: string) {
  const lines: string[] = [];
  const waiters: { re: RegExp; resolve: (line: string) => void }[] = [];
  const off = t.core.ctx.events.subscribe((event) => {
    const inner = event.event_inner;
    if (inner.type !== 'InstanceEvent' || inner.instance_uuid !== uuid) return;
    if (inner.instance_event_inner.type !== 'InstanceOutput') return;
    const line = inner.instance_event_inner.message.replace(/\r?\n$/, '');
    lines.push(line);
    for (const w of [...waiters])
      if (w.re.test(line)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(line);
      }
  });
  return {
    lines,
    wait(re: RegExp, ms = 30_000): Promise<string> {
      const seen = lines.find((l) => re.test(l));
      if (seen !== undefined) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no console line ${re}; got:\n${lines.join('\n')}`)),
          ms,
        );
        waiters.push({ re, resolve: (l) => (clearTimeout(timer), resolve(l)) });
      });
    },
    close: off,
  };
}
