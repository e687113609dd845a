// The core's spawn helper: a small Node process the core forks once (spawn-client.ts) that does
// the `spawn` of each game launch, so the fork of a large core (tens of ms each, on the core's one
// thread) happens here instead. It runs only this file, shipped with the core; it executes only the
// plans the core sends (the sandbox's launcher and bubblewrap, or a plain plan under
// `--isolation none`), exactly as the core would have.
//
// Requests (IPC, JSON): {t:'spawn', id, command, args, cwd, env} and {t:'kill', id, signal}; `env`
// is added to this process's environment, the core's own when it forked this helper.
// Answers: {t:'spawned', id, pid} carrying the child's stdin, then {t:'stdout', id} and
// {t:'stderr', id} carrying those pipes; {t:'error', id, code, message} when the spawn failed;
// {t:'exit', id, code, signal} once the child was reaped. The pipes are handed over (descriptors
// passed over the IPC socket) and closed here: the core reads and writes them itself.
import { spawn } from 'node:child_process';

// The core cleared NODE_OPTIONS for this helper only; its children get the core's value back.
if (process.env.HEARTH_CORE_NODE_OPTIONS === undefined) delete process.env.NODE_OPTIONS;
else process.env.NODE_OPTIONS = process.env.HEARTH_CORE_NODE_OPTIONS;
delete process.env.HEARTH_CORE_NODE_OPTIONS;

/** id → the child, until it has exited (a kill after that is refused: the pid may be reused). */
const children = new Map();

function send(message, handle) {
  if (process.connected) process.send(message, handle);
}

function failed(id, error) {
  send({
    t: 'error',
    id,
    code: typeof error?.code === 'string' ? error.code : null,
    message: error instanceof Error ? error.message : String(error),
  });
}

function start({ id, command, args, cwd, env }) {
  let child;
  try {
    child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: false,
      windowsHide: true,
    });
  } catch (error) {
    failed(id, error);
    return;
  }
  // Node starts reading a child's pipes at once, and again at its exit for pipes nobody used;
  // this process must never read them (the core does, and a byte read here is lost). Reading stops
  // before the event loop could deliver a byte, and the pipes leave the ChildProcess so its exit
  // handling leaves them alone while they wait their turn to be sent (one handle per round trip).
  const { stdin, stdout, stderr } = child;
  for (const stream of [stdout, stderr]) stream?._handle?.readStop?.();
  child.stdin = child.stdout = child.stderr = null;
  child.stdio.fill(null);
  child.once('error', (error) => {
    if (child.pid === undefined) failed(id, error);
  });
  child.once('spawn', () => {
    children.set(id, child);
    send({ t: 'spawned', id, pid: child.pid }, stdin);
    send({ t: 'stdout', id }, stdout);
    send({ t: 'stderr', id }, stderr);
  });
  child.once('exit', (code, signal) => {
    children.delete(id);
    send({ t: 'exit', id, code, signal });
  });
}

process.on('message', (message) => {
  if (message?.t === 'spawn') start(message);
  else if (message?.t === 'kill') {
    try {
      children.get(message.id)?.kill(message.signal);
    } catch {
      // Gone already.
    }
  }
});

// A terminal's Ctrl-C reaches the whole process group, this helper included: the core decides
// (it stops every server gracefully, then lets go of the helper), so the helper stays till then.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => undefined);

// The core is gone (or let go of this helper): leave. Sandboxed games go with this process
// (bubblewrap's --die-with-parent), as they would have gone with the core.
process.on('disconnect', () => process.exit(0));
