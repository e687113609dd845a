// The side-by-side app of the core-start and scale benchmarks: a bare Fastify 5 app with one route
// shaped like the core's `GET /api/v1/info`, nothing else (no database, no plugins). Plain
// JavaScript so that it can be started with plain `node` and, for comparison, under the tsx loader.
// With `--list FILE` it also answers `GET /api/v1/instance/list` with that JSON (read once at start,
// serialized again for each answer, as the core does): a same-size answer with no work behind it.
//
//   node bench/support/bare-fastify.mjs --port N [--list FILE]
import { readFileSync } from 'node:fs';
import os from 'node:os';
import Fastify from 'fastify';

const portIndex = process.argv.indexOf('--port');
const port = Number(portIndex === -1 ? 0 : process.argv[portIndex + 1]);
const app = Fastify({ logger: false });
const upSince = Math.floor(Date.now() / 1000);
const listIndex = process.argv.indexOf('--list');
const list =
  listIndex === -1 ? null : JSON.parse(readFileSync(process.argv[listIndex + 1], 'utf8'));

// Read once, as the core reads its host facts once: os.cpus() parses /proc/cpuinfo, and doing
// that on every answer made this baseline slower than the core it stands beside.
const cpus = os.cpus();
const host = { cpu: cpus[0]?.model ?? '', cpu_count: cpus.length, total_ram: os.totalmem() };

app.get('/api/v1/info', async () => ({
  version: '0.0.0',
  is_setup: true,
  os: os.platform(),
  arch: os.arch(),
  ...host,
  host_name: os.hostname(),
  core_name: 'bare fastify',
  up_since: upSince,
}));

if (list !== null) app.get('/api/v1/instance/list', async () => list);

await app.listen({ port, host: '127.0.0.1' });
console.log(`listening ${port}`);
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
