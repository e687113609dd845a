// Issue 15 #12: file paths up to the filesystem's limit reach the file routes (Fastify's default
// maxParamLength cut every base64url segment past 100 chars, ~75 bytes of path), and every failure
// the framework or Node answers itself — bad percent-encoding, oversized headers or URL, garbage on
// the socket — carries the {kind, causes} envelope.
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ClientErrorSchema, apiPaths, type ClientFile } from '@hearth/protocol';
import { frameworkErrorOf } from '../src/http/framework-errors.ts';
import { useFilesCore, type FilesCore } from './files-helpers.ts';

let fc: FilesCore;

useFilesCore((opened) => (fc = opened));

const req = (method: string, route: string, opts: { rawBody?: string } = {}) =>
  fc.t.request(method, route, { token: fc.owner, ...opts });

/** A relative path of exactly `bytes` bytes: 250-byte folders, then a file name. */
function longPath(bytes: number): string {
  const parts: string[] = [];
  let used = 0;
  for (let i = 0; bytes - used > 260; i++) {
    parts.push(`${String(i).padStart(2, '0')}-${'d'.repeat(247)}`);
    used += 251;
  }
  const name = `${'f'.repeat(bytes - used - 5)}.json`;
  return [...parts, name].join('/');
}

/** Sends raw bytes and reads the whole answer (the server closes the socket after an error). */
function rawExchange(request: string): Promise<string> {
  const { port } = new URL(fc.t.origin);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
    socket.write(request);
  });
}

function envelopeOf(rawAnswer: string): { status: number; body: unknown } {
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(rawAnswer)?.[1]);
  const body = rawAnswer.slice(rawAnswer.indexOf('\r\n\r\n') + 4);
  return { status, body: JSON.parse(body) as unknown };
}

describe('long file paths', () => {
  it('lists, writes, reads, moves and deletes a 4,000-byte path', async () => {
    const file = longPath(4000);
    expect(Buffer.byteLength(file)).toBe(4000);
    const dir = file.slice(0, file.lastIndexOf('/'));
    const { uuid } = fc;

    const mkdir = await req('PUT', apiPaths.fsMkdir(uuid, dir));
    expect(mkdir.status, mkdir.text).toBe(200);
    const write = await req('PUT', apiPaths.fsWrite(uuid, file), { rawBody: '{"a":1}' });
    expect(write.status, write.text).toBe(200);
    expect(await fs.readFile(path.join(fc.root, file), 'utf8')).toBe('{"a":1}');

    const read = await req('GET', apiPaths.fsRead(uuid, file));
    expect(read.status, read.text).toBe(200);
    expect(read.text).toBe('{"a":1}');
    const ls = await req('GET', apiPaths.fsLs(uuid, dir));
    expect(ls.status, ls.text).toBe(200);
    expect((ls.json as ClientFile[]).map((f) => f.path)).toEqual([file]);

    const moved = `${dir}/${'g'.repeat(file.length - dir.length - 6)}.json`;
    const move = await req('PUT', apiPaths.fsMove(uuid, file, moved));
    expect(move.status, move.text).toBe(200);
    const rm = await req('DELETE', apiPaths.fsRm(uuid, moved));
    expect(rm.status, rm.text).toBe(200);
    await expect(fs.access(path.join(fc.root, moved))).rejects.toThrow();
  });

  it('answers a path over the filesystem limit with the sandbox message, not a router error', async () => {
    const res = await req('GET', apiPaths.fsLs(fc.uuid, longPath(4200)));
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ kind: 'BadRequest', causes: ['Invalid path', 'Path is too long'] });
  });
});

describe('framework failures use the envelope', () => {
  it('answers bad percent-encoding in a path with a 400 envelope', async () => {
    const res = await req('GET', `/instance/${fc.uuid}/fs/%zz/ls`);
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      kind: 'BadRequest',
      causes: ['Invalid URL', 'The URL is not valid percent-encoding'],
    });
  });

  it('answers oversized headers with a 431 envelope', async () => {
    const answer = await rawExchange(
      `GET /api/v1/info HTTP/1.1\r\nHost: x\r\nX-Big: ${'x'.repeat(20_000)}\r\n\r\n`,
    );
    const { status, body } = envelopeOf(answer);
    expect(status).toBe(431);
    expect(ClientErrorSchema.parse(body)).toEqual({
      kind: 'BadRequest',
      causes: ['Request headers are too large'],
    });
  });

  it('answers a URL longer than the header limit with a 431 envelope', async () => {
    const answer = await rawExchange(
      `GET /api/v1/instance/${fc.uuid}/fs/${'A'.repeat(20_000)}/ls HTTP/1.1\r\nHost: x\r\n\r\n`,
    );
    expect(envelopeOf(answer).status).toBe(431);
    ClientErrorSchema.parse(envelopeOf(answer).body);
  });

  it('answers garbage on the socket with a 400 envelope', async () => {
    const { status, body } = envelopeOf(await rawExchange('NOT HTTP AT ALL\r\n\r\n'));
    expect(status).toBe(400);
    expect(body).toEqual({ kind: 'BadRequest', causes: ['Malformed HTTP request'] });
  });

  it('maps the router refusals it cannot reach through Node (param length) to the envelope', () => {
    const err = frameworkErrorOf(
      Object.assign(new Error('too long'), { code: 'FST_ERR_MAX_PARAM_LENGTH', name: 'x' }),
    );
    expect([err.status, err.toClientError()]).toEqual([
      414,
      { kind: 'BadRequest', causes: ['Invalid URL', 'A path segment is too long'] },
    ]);
  });

  it('keeps serving after all of that', async () => {
    expect((await fc.t.request('GET', '/info')).status).toBe(200);
  });
});
