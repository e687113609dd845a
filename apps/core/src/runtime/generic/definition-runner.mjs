// Runs one call against a bundled generic definition, in its own node process, so the core never
// imports user code. Request: one JSON object on stdin {op, bundlePath, ctx, thenStart?}. Answers:
// JSON lines on fd 3 ({type:"progress"|"result"|"error"}); fd 1/2 stay free for whatever the
// definition prints. `thenStart` on an install also asks start() for the plan the new instance will
// run (the core keeps it, so a start needs no runner): {install, start} where a start() that throws
// or answers nothing gives start: null (the first start then asks again and reports the error).
import { writeSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const CHANNEL_FD = 3;

function send(message) {
  let bytes = Buffer.from(`${JSON.stringify(message)}\n`, 'utf8');
  while (bytes.length > 0) {
    try {
      bytes = bytes.subarray(writeSync(CHANNEL_FD, bytes));
    } catch (error) {
      // The channel may be non-blocking; the core drains it continuously, so just retry.
      if (error?.code !== 'EAGAIN') throw error;
    }
  }
}

function messageOf(error) {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}

function fail(stage, message) {
  send({ type: 'error', stage, message });
  process.exit(0);
}

async function readRequest() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

async function loadDefinition(bundlePath) {
  let mod;
  try {
    mod = await import(pathToFileURL(bundlePath).href);
  } catch (error) {
    fail('load', `the module threw while loading: ${messageOf(error)}`);
  }
  const definition = mod.default;
  if (definition === undefined) fail('load', 'the module has no default export');
  if (definition === null || typeof definition !== 'object') {
    fail(
      'load',
      `the default export must be an object, got ${definition === null ? 'null' : typeof definition}`,
    );
  }
  return definition;
}

async function call(definition, name, ...args) {
  if (typeof definition[name] !== 'function') fail('call', `${name} is not a function`);
  try {
    return await definition[name](...args);
  } catch (error) {
    fail('call', `${name}() threw: ${messageOf(error)}`);
  }
}

/** start() for the context the new instance will start with; null when it cannot answer. */
async function planAfter(definition, ctx, installed) {
  if (typeof definition.start !== 'function' || installed === null || typeof installed !== 'object')
    return null;
  try {
    const plan = await definition.start({
      instanceDir: ctx.instanceDir,
      definitionUrl: ctx.definitionUrl,
      port: installed.port,
      config: installed.config ?? {},
    });
    return plan ?? null;
  } catch {
    return null;
  }
}

function describe(definition) {
  const functions = {};
  for (const name of ['setupManifest', 'install', 'start', 'configurableManifest']) {
    functions[name] = typeof definition[name];
  }
  return {
    game_name: definition.game_name,
    game_display_name: definition.game_display_name,
    stop: definition.stop,
    output: definition.output ?? null,
    ping: definition.ping ?? null,
    backup: definition.backup ?? null,
    functions,
  };
}

async function main() {
  const request = await readRequest();
  const definition = await loadDefinition(request.bundlePath);
  const ctx = request.ctx ?? {};
  switch (request.op) {
    case 'describe': {
      const shape = describe(definition);
      const setupManifest =
        typeof definition.setupManifest === 'function'
          ? await call(definition, 'setupManifest')
          : null;
      send({ type: 'result', value: { shape, setupManifest } });
      break;
    }
    case 'install': {
      const progress = (fraction, message) => {
        send({ type: 'progress', fraction: Number(fraction), message: String(message ?? '') });
      };
      const installed = (await call(definition, 'install', { ...ctx, progress })) ?? null;
      if (request.thenStart !== true) {
        send({ type: 'result', value: installed });
        break;
      }
      send({
        type: 'result',
        value: { install: installed, start: await planAfter(definition, ctx, installed) },
      });
      break;
    }
    case 'start':
      send({ type: 'result', value: (await call(definition, 'start', ctx)) ?? null });
      break;
    case 'configurable':
      send({
        type: 'result',
        value:
          typeof definition.configurableManifest === 'function'
            ? ((await call(definition, 'configurableManifest', ctx)) ?? null)
            : {},
      });
      break;
    default:
      fail('call', `unknown operation ${String(request.op)}`);
  }
  process.exit(0);
}

main().catch((error) => fail('call', messageOf(error)));
