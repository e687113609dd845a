// Preloaded (`node --import`) into the core and into the bare Fastify app by scale.ts: how long
// each HTTP request spent inside the server, from its parsed head (Node's
// `http.server.request.start` channel) to its answer handed to the kernel
// (`http.server.response.finish`). The client's latency also holds the connection's set-up, the
// wait for the server's event loop to take the request up and the machine's scheduling; this is the
// part the server's own code spent. One JSON line per request in REQUEST_TIMES_FILE:
// [epoch ms at its start, ms inside, path without the query], written in batches once a second so
// the measuring adds no write per request.
import dc from 'node:diagnostics_channel';
import fs from 'node:fs';

const out = process.env.REQUEST_TIMES_FILE;

if (out) {
  const started = new WeakMap();
  const rows = [];
  dc.subscribe('http.server.request.start', ({ request, response }) => {
    started.set(response, [performance.now(), request.url?.split('?')[0] ?? '']);
  });
  dc.subscribe('http.server.response.finish', ({ response }) => {
    const start = started.get(response);
    if (!start) return;
    const [at, path] = start;
    rows.push(JSON.stringify([performance.timeOrigin + at, performance.now() - at, path]));
  });
  const flush = () => {
    if (rows.length === 0) return;
    fs.appendFileSync(out, rows.join('\n') + '\n');
    rows.length = 0;
  };
  setInterval(flush, 1000).unref();
  process.on('exit', flush);
}
