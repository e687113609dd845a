// Starts definition-runner.mjs for one call and turns its fd-3 JSON lines into a promise.
import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { replaceControlCharacters, stripAnsi } from '@hearth/protocol';
import type { SandboxLaunch } from '../sandbox/sandbox.ts';
import type { LaunchPlan } from '../supervisor/game-process.ts';
import { corePath } from '../../lib/core-paths.ts';
import { loopTurn } from '../../lib/loop-turns.ts';

const RUNNER_PATH = corePath('src', 'runtime', 'generic', 'definition-runner.mjs');

export type RunnerOp = 'describe' | 'install' | 'start' | 'configurable';

export interface RunnerCall {
  op: RunnerOp;
  bundlePath: string;
  ctx?: Record<string, unknown>;
  cwd: string;
  timeoutMs: number;
  onProgress?: (fraction: number, message: string) => void;
  /** Each line the definition printed on stdout/stderr while running. */
  onOutput?: (line: string) => void;
  /** Run the definition inside this sandbox (its instance folder = `cwd`); absent: as is. */
  sandbox?: SandboxLaunch;
  /** An install also asks start() for the new instance's plan (definition-runner.mjs). */
  thenStart?: boolean;
}

/** Why a runner call failed: `load` = the module itself is broken, `call` = a function failed. */
export class RunnerError extends Error {
  constructor(
    readonly stage: 'load' | 'call' | 'process',
    message: string,
  ) {
    super(message);
    this.name = 'RunnerError';
  }
}

/** What a failure quotes of the definition's own output: its last few lines, each cut short. */
const TAIL_LINES = 3;
const TAIL_LINE_CHARS = 400;

function eachLine(stream: Readable, onLine: (line: string) => void): void {
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    pending += chunk;
    let newline = pending.indexOf('\n');
    while (newline !== -1) {
      onLine(pending.slice(0, newline).replace(/\r$/, ''));
      pending = pending.slice(newline + 1);
      newline = pending.indexOf('\n');
    }
  });
  stream.on('end', () => {
    if (pending.length > 0) onLine(pending);
    pending = '';
  });
}

interface ChannelMessage {
  type?: unknown;
  value?: unknown;
  stage?: unknown;
  message?: unknown;
  fraction?: unknown;
}

export async function callRunner(call: RunnerCall): Promise<unknown> {
  const plan: LaunchPlan = {
    command: process.execPath,
    args: [RUNNER_PATH],
    cwd: call.cwd,
    env: { NODE_OPTIONS: '' },
  };
  if (!call.sandbox) {
    await loopTurn();
    return runPlan(call, plan);
  }
  const { sandbox, request } = call.sandbox;
  const wrapped = await sandbox.wrap(plan, {
    ...request,
    runtimeReadOnly: [...(request.runtimeReadOnly ?? []), call.bundlePath],
  });
  try {
    await loopTurn();
    return await runPlan(call, wrapped.plan);
  } finally {
    await wrapped.cleanup();
  }
}

function runPlan(call: RunnerCall, plan: LaunchPlan): Promise<unknown> {
  return new Promise((resolve, reject) => {
    // fd 3 is the answer channel; the sandbox's launchers and bwrap pass it through untouched.
    const child = spawn(plan.command, plan.args, {
      cwd: plan.cwd,
      stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
      env: { ...process.env, ...plan.env },
    });
    let settled = false;
    const finish = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    };
    const timer = setTimeout(() => {
      finish(() =>
        reject(
          new RunnerError(
            'process',
            `${call.op} did not finish within ${Math.round(call.timeoutMs / 1000)} s`,
          ),
        ),
      );
    }, call.timeoutMs);

    /** The last lines the definition printed: a process that dies unanswered is explained by them. */
    const tail: string[] = [];
    const output = (line: string): void => {
      const plain = replaceControlCharacters(stripAnsi(line)).trim();
      if (plain !== '') {
        tail.push(plain.length > TAIL_LINE_CHARS ? `${plain.slice(0, TAIL_LINE_CHARS)}…` : plain);
        if (tail.length > TAIL_LINES) tail.shift();
      }
      call.onOutput?.(line);
    };
    eachLine(child.stdout, output);
    eachLine(child.stderr, output);

    const channel = child.stdio[3] as Readable;
    eachLine(channel, (line) => {
      if (settled || line.trim() === '') return;
      let message: ChannelMessage;
      try {
        message = JSON.parse(line) as ChannelMessage;
      } catch {
        return;
      }
      if (message.type === 'progress') {
        const fraction =
          typeof message.fraction === 'number' && Number.isFinite(message.fraction)
            ? message.fraction
            : 0;
        call.onProgress?.(
          Math.min(1, Math.max(0, fraction)),
          typeof message.message === 'string' ? message.message : '',
        );
      } else if (message.type === 'result') {
        finish(() => resolve(message.value ?? null));
      } else if (message.type === 'error') {
        const stage = message.stage === 'load' ? 'load' : 'call';
        finish(() =>
          reject(
            new RunnerError(
              stage,
              typeof message.message === 'string' ? message.message : 'unknown error',
            ),
          ),
        );
      }
    });

    child.on('error', (error) => {
      finish(() =>
        reject(
          new RunnerError('process', `could not start the definition runner: ${error.message}`),
        ),
      );
    });
    child.on('close', (code, signal) => {
      finish(() =>
        reject(
          new RunnerError(
            'process',
            `the definition process exited (${signal ?? `code ${String(code)}`}) before answering${
              tail.length > 0 ? `: ${tail.join(' / ')}` : ''
            }`,
          ),
        ),
      );
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(
      JSON.stringify({
        op: call.op,
        bundlePath: call.bundlePath,
        ctx: call.ctx ?? {},
        ...(call.thenStart ? { thenStart: true } : {}),
      }),
    );
  });
}
