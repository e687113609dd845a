// A hostile game server in Node. Modes (argv[2]):
//   attacks <targets JSON>   every file/process attempt of probes.mjs, then "done"
//   serve <port>             listens on 127.0.0.1:<port>; stops on "stop" (stdin) or SIGTERM
//   fork-bomb <cap>          starts children until refused, reports, then waits to be killed
//   memory <capMiB>          allocates until killed or the cap is reached
//   spin                     burns CPU until killed
// Each result is one JSON line on stdout.
import { createInterface } from 'node:readline';
import { allocate, attackFiles, forkBomb, serve } from './probes.mjs';

const report = (result) => process.stdout.write(`${JSON.stringify(result)}\n`);
const [mode, arg] = process.argv.slice(2);

switch (mode) {
  case 'attacks': {
    for (const result of attackFiles(JSON.parse(arg))) report(result);
    report({ attempt: 'done', ok: true });
    break;
  }
  case 'serve': {
    const server = serve(Number(arg), report);
    const stop = (how) => {
      report({ attempt: 'stopping', ok: true, how });
      server.close(() => process.exit(0));
    };
    process.on('SIGTERM', () => stop('SIGTERM'));
    createInterface({ input: process.stdin }).on('line', (line) => {
      if (line.trim() === 'stop') stop('command');
    });
    break;
  }
  case 'fork-bomb': {
    report(await forkBomb(Number(arg)));
    setInterval(() => undefined, 60_000);
    break;
  }
  case 'memory': {
    const blocks = allocate(Number(arg), report);
    report({ attempt: 'memory-done', ok: true, blocks: blocks.length });
    break;
  }
  case 'spin': {
    report({ attempt: 'spin', ok: true });
    for (;;);
  }
  default:
    report({ attempt: 'mode', ok: false, error: `unknown mode ${mode}` });
    process.exit(2);
}
