// What a hostile game server or generic definition tries once it runs: every attempt is reported
// as one JSON object ({attempt, ok, ...}) so a test can assert each one. Shared by hostile.mjs (a
// game process) and hostile-definition.mjs (a generic definition's install()).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

function attempt(name, action) {
  try {
    const value = action();
    return { attempt: name, ok: true, ...(value === undefined ? {} : { value }) };
  } catch (error) {
    return { attempt: name, ok: false, error: error?.code ?? String(error?.message ?? error) };
  }
}

/**
 * targets: {dbFile, secretsFile, dataDir, instancesDir, siblingDir, victimPid, outside: string[]}
 * Never signals anything but the given victim pid (a run outside the sandbox must not hurt the host).
 */
export function attackFiles(targets) {
  const results = [
    attempt('read-db', () => readFileSync(targets.dbFile, 'utf8')),
    attempt('read-secrets', () => readFileSync(targets.secretsFile, 'utf8')),
    attempt('list-data-dir', () => readdirSync(targets.dataDir)),
    attempt('list-instances', () => readdirSync(targets.instancesDir)),
    attempt('list-sibling', () => readdirSync(targets.siblingDir)),
    attempt('write-sibling', () => writeFileSync(path.join(targets.siblingDir, 'pwned'), 'x')),
    attempt('read-shadow', () => readFileSync('/etc/shadow', 'utf8')),
    attempt('see-victim', () => existsSync(`/proc/${targets.victimPid}`)),
    attempt('kill-victim', () => process.kill(targets.victimPid, 'SIGKILL')),
    attempt('own-write', () => writeFileSync('own-file.txt', 'mine')),
    attempt('own-read', () => readFileSync('own-file.txt', 'utf8')),
  ];
  for (const file of targets.outside)
    results.push({ ...attempt('write-outside', () => writeFileSync(file, 'x')), file });
  return results;
}

/** Listens on 127.0.0.1:port and answers every line with "echo:<line>". */
export function serve(port, report) {
  const server = createServer((socket) => {
    socket.setEncoding('utf8');
    socket.on('data', (data) => socket.write(`echo:${data}`));
  });
  server.on('error', (error) => report({ attempt: 'listen', ok: false, error: error.code }));
  server.listen(port, '127.0.0.1', () => report({ attempt: 'listen', ok: true, port }));
  return server;
}

/** Starts up to `cap` sleeping children, one after the other, until the kernel refuses one. */
export async function forkBomb(cap) {
  let started = 0;
  let error = null;
  while (started < cap) {
    const outcome = await new Promise((resolve) => {
      const child = spawn('sleep', ['1000'], { stdio: 'ignore' });
      child.once('spawn', () => resolve(null));
      child.once('error', (e) => resolve(e.code ?? e.message));
    });
    if (outcome !== null) {
      error = outcome;
      break;
    }
    started++;
  }
  return { attempt: 'fork-bomb', ok: error === null, started, error };
}

/** Allocates and touches 8 MiB blocks until `capMiB`, reporting each step (the last one survives). */
export function allocate(capMiB, report) {
  const blocks = [];
  for (let mib = 8; mib <= capMiB; mib += 8) {
    blocks.push(Buffer.alloc(8 * 1024 * 1024, 1));
    report({ attempt: 'memory', ok: true, allocatedMiB: mib });
  }
  return blocks;
}
