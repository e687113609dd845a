import { stripAnsi } from '@hearth/protocol';
// Applies a definition's output regexes to console lines (after stripping ANSI codes).
import type { OutputPatterns } from './definition.ts';

export type OutputMatch =
  | { kind: 'started' }
  | { kind: 'join'; name: string }
  | { kind: 'leave'; name: string }
  | { kind: 'chat'; name: string; message: string };

export interface CompiledOutputPatterns {
  started: RegExp | null;
  join: RegExp | null;
  leave: RegExp | null;
  chat: RegExp | null;
}

const compile = (source: string | undefined): RegExp | null =>
  source === undefined ? null : new RegExp(source, 'u');

/** Sources were validated at load time (schemas.ts), so compiling cannot throw here. */
export function compileOutputPatterns(patterns: OutputPatterns): CompiledOutputPatterns {
  return {
    started: compile(patterns.started),
    join: compile(patterns.join),
    leave: compile(patterns.leave),
    chat: compile(patterns.chat),
  };
}

/** The first pattern that matches, tried in the order started, join, leave, chat. */
export function matchOutputLine(
  patterns: CompiledOutputPatterns,
  rawLine: string,
): OutputMatch | null {
  const line = stripAnsi(rawLine).replace(/\r?\n$/, '');
  if (patterns.started?.test(line)) return { kind: 'started' };
  const joined = patterns.join?.exec(line);
  if (joined?.[1]) return { kind: 'join', name: joined[1] };
  const left = patterns.leave?.exec(line);
  if (left?.[1]) return { kind: 'leave', name: left[1] };
  const chat = patterns.chat?.exec(line);
  if (chat?.[1] && chat[2] !== undefined) return { kind: 'chat', name: chat[1], message: chat[2] };
  return null;
}
