// Shared by the import tests: archives built in memory or from a folder, uploaded as the dashboard
// does (multipart), and what is left under instances/ (nothing of a failed import may be).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import yazl from 'yazl';
import { apiPaths, type ClientEvent } from '@hearth/protocol';
import type { TestCore, TestResponse } from './helpers.ts';

/** Whether a progression's end event says the work (an import's creation) succeeded. */
export function succeeded(end: ClientEvent): boolean {
  return (
    end.event_inner.type === 'ProgressionEvent' &&
    end.event_inner.progression_event_inner.type === 'ProgressionEnd' &&
    end.event_inner.progression_event_inner.success
  );
}

/** A zip of `entries` (name → bytes or text), as a zip tool on another machine would make it. */
export async function zipOf(entries: Record<string, Buffer | string>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const mtime = new Date(Date.UTC(2024, 0, 1));
  for (const [name, data] of Object.entries(entries)) {
    if (name.endsWith('/')) zip.addEmptyDirectory(name, { mtime });
    else zip.addBuffer(typeof data === 'string' ? Buffer.from(data) : data, name, { mtime });
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** Writes `entries` into a fresh temp folder (links as `{ link: target }`); returns the folder. */
export async function folderOf(
  entries: Record<string, Buffer | string | { link: string }>,
): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-import-src-'));
  for (const [name, data] of Object.entries(entries)) {
    const file = path.join(dir, name);
    await fs.mkdir(path.dirname(file), { recursive: true });
    if (typeof data === 'object' && 'link' in data) await fs.symlink(data.link, file);
    else await fs.writeFile(file, data);
  }
  return dir;
}

/** A tar.gz of a folder's contents (links stored as links, as tar does). */
export async function tarGzOf(dir: string): Promise<Buffer> {
  const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-tgz-')), 'a.tar.gz');
  await tar.create({ gzip: true, cwd: dir, file, portable: true }, await fs.readdir(dir));
  return fs.readFile(file);
}

/** POST /import/upload with the archive as a multipart file part. */
export async function uploadImport(
  t: TestCore,
  token: string,
  name: string,
  bytes: Buffer,
): Promise<TestResponse> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(`${t.api}${apiPaths.importUpload()}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, text, json, headers: res.headers };
}

/** Names under `<data>/instances` (staging folders included: they start with `.hearth-tmp-`). */
export async function instanceFolders(t: TestCore): Promise<string[]> {
  return (await fs.readdir(path.join(t.dataDir, 'instances')).catch(() => [])).sort();
}
