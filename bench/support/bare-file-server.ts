// The ceiling for the file benchmarks: a bare node:http server in its own process, no framework, no
// auth, no path sandbox. `PUT /upload/<name>` streams the one part of a multipart body to
// <root>/<name> and fsyncs it before answering; `GET /download/<name>` streams the file;
// `GET /ls/<dir>` lists a folder doing the core's work (readdir, lstat 64 entries at a time, the
// same JSON fields, directories first) without the framework, auth and sandbox around it. Prints `listening <port>` once it accepts connections.
//
//   node --import tsx bench/support/bare-file-server.ts --root DIR
import { createReadStream, type Stats } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { compareClientFiles, type ClientFile } from '@hearth/protocol';

const LS_BATCH = 64;
const rootIndex = process.argv.indexOf('--root');
const root = path.resolve(process.argv[rootIndex + 1] ?? '.');

/** A name inside the root (the benchmark's own requests only; still no `..`). */
function inside(name: string): string {
  const target = path.resolve(root, decodeURIComponent(name));
  if (target !== root && !target.startsWith(`${root}${path.sep}`)) throw new Error('outside');
  return target;
}

/**
 * Streams the one part of a multipart body into `target` and fsyncs it, with no other parsing (the
 * benchmark's client sends exactly one part): the part's headers are skipped, every chunk is
 * written as it is (no copy) one chunk late, so that the closing boundary, always inside the last
 * unwritten bytes, can be cut off at the end.
 */
async function receive(req: http.IncomingMessage, target: string): Promise<void> {
  const boundary = /boundary=(\S+)/.exec(req.headers['content-type'] ?? '')?.[1] ?? '';
  const tailLength = `\r\n--${boundary}--\r\n`.length;
  const handle = await fs.open(target, 'w');
  const write = async (data: Buffer) => {
    for (let at = 0; at < data.length;)
      at += (await handle.write(data, at, data.length - at)).bytesWritten;
  };
  try {
    let head: Buffer | null = Buffer.alloc(0);
    let pending: Buffer = Buffer.alloc(0);
    for await (const chunk of req as AsyncIterable<Buffer>) {
      let data = chunk;
      if (head !== null) {
        head = Buffer.concat([head, chunk]);
        const end = head.indexOf('\r\n\r\n');
        if (end === -1) continue;
        data = head.subarray(end + 4);
        head = null;
      }
      if (data.length >= tailLength) {
        await write(pending);
        pending = data;
      } else {
        pending = Buffer.concat([pending, data]);
      }
    }
    await write(pending.subarray(0, Math.max(0, pending.length - tailLength)));
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function describe(name: string, clientDir: string, st: Stats): ClientFile {
  const dot = name.lastIndexOf('.');
  const type = st.isDirectory() ? 'Directory' : st.isFile() ? 'File' : 'Unknown';
  return {
    name,
    file_stem: dot > 0 ? name.slice(0, dot) : name,
    extension: dot > 0 ? name.slice(dot + 1) : null,
    path: `${clientDir}/${name}`,
    size: type === 'File' ? st.size : null,
    creation_time: Math.floor(st.birthtimeMs / 1000),
    modification_time: Math.floor(st.mtimeMs / 1000),
    file_type: type,
  };
}

/** The same work as the core's listing: readdir, lstat 64 entries at a time, sort. */
async function list(dir: string, clientDir: string): Promise<ClientFile[]> {
  const names = await fs.readdir(dir);
  const out: ClientFile[] = [];
  for (let i = 0; i < names.length; i += LS_BATCH) {
    const batch = names.slice(i, i + LS_BATCH);
    const stats = await Promise.all(batch.map((name) => fs.lstat(path.join(dir, name))));
    batch.forEach((name, j) => out.push(describe(name, clientDir, stats[j]!)));
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
    const length = Buffer.byteLength(body);
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': length }).end(body);
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
