// The ceiling for the file benchmarks: a bare node:http server in its own process, no framework, no
// auth, no path sandbox. `PUT /upload/<name>` streams the one part of a multipart body to
// <root>/<name> and fsyncs it before answering; `GET /download/<name>` streams the file;
// `GET /ls/<dir>` lists a folder like the core does (readdir, then lstat one entry after another,
// the same JSON fields, directories first). Prints `listening <port>` once it accepts connections.
//
//   node --import tsx bench/support/bare-file-server.ts --root DIR
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { compareClientFiles, type ClientFile } from '@hearth/protocol';

const rootIndex = process.argv.indexOf('--root');
const root = path.resolve(process.argv[rootIndex + 1] ?? '.');

/** A name inside the root (the benchmark's own requests only; still no `..`). */
function inside(name: string): string {
  const target = path.resolve(root, decodeURIComponent(name));
  if (target !== root && !target.startsWith(`${root}${path.sep}`)) throw new Error('outside');
  return target;
}

/**
 * The one part of a multipart body, streamed: its headers are skipped and the closing boundary is
 * held back, with no other parsing (the benchmark's client sends exactly one part).
 */
function onePart(boundary: string): Transform {
  const tailLength = `\r\n--${boundary}--\r\n`.length;
  let head: Buffer | null = Buffer.alloc(0);
  let held: Buffer = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      let data = chunk;
      if (head !== null) {
        head = Buffer.concat([head, chunk]);
        const end = head.indexOf('\r\n\r\n');
        if (end === -1) return done();
        data = head.subarray(end + 4);
        head = null;
      }
      const all = held.length === 0 ? data : Buffer.concat([held, data]);
      const cut = Math.max(0, all.length - tailLength);
      held = all.subarray(cut);
      done(null, all.subarray(0, cut));
    },
  });
}

async function receive(req: http.IncomingMessage, target: string): Promise<void> {
  const boundary = /boundary=(\S+)/.exec(req.headers['content-type'] ?? '')?.[1] ?? '';
  // flush: fsync before the stream closes; pipeline resolves after the close.
  await pipeline(req, onePart(boundary), createWriteStream(target, { flush: true }));
}

async function list(dir: string, clientDir: string): Promise<ClientFile[]> {
  const out: ClientFile[] = [];
  for (const name of await fs.readdir(dir)) {
    const st = await fs.lstat(path.join(dir, name));
    const dot = name.lastIndexOf('.');
    const type = st.isDirectory() ? 'Directory' : st.isFile() ? 'File' : 'Unknown';
    out.push({
      name,
      file_stem: dot > 0 ? name.slice(0, dot) : name,
      extension: dot > 0 ? name.slice(dot + 1) : null,
      path: `${clientDir}/${name}`,
      size: type === 'File' ? st.size : null,
      creation_time: Math.floor(st.birthtimeMs / 1000),
      modification_time: Math.floor(st.mtimeMs / 1000),
      file_type: type,
    });
  }
  return out.sort(compareClientFiles);
}

async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const [, verb = '', ...rest] = (req.url ?? '/').split('?')[0]!.split('/');
  const name = rest.join('/');
  if (req.method === 'PUT' && verb === 'upload') {
    await receive(req, inside(name));
    res.writeHead(200, { 'content-type': 'application/json' }).end('null');
  } else if (req.method === 'GET' && verb === 'download') {
    const file = inside(name);
    const { size } = await fs.stat(file);
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': size });
    await pipeline(createReadStream(file), res);
  } else if (req.method === 'GET' && verb === 'ls') {
    const body = JSON.stringify(await list(inside(name), name));
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  } else {
    res.writeHead(404).end();
  }
}

const server = http.createServer((req, res) => {
  handle(req, res).catch((err: unknown) => {
    if (!res.headersSent) res.writeHead(500).end(String(err));
    else res.destroy();
  });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
