import { stripAnsi } from '@hearth/protocol';
/**
 * Pure parsing of Minecraft server console lines (core-api.md §3.5, §3.6). ANSI escape codes are
 * stripped before matching; callers keep the raw line for the console.
 */

export interface ParsedMinecraftLine {
  /** The line without ANSI codes and without its line terminator. */
  text: string;
  /** `Done (…)!` — the server finished starting (the caller keeps only the first per run). */
  started: boolean;
  /** The whole (stripped) line when it is a system message (a `[…]: ` prefix not followed by `<`). */
  system?: string;
  /** Player name from `<name> joined the game`. */
  join?: string;
  /** Player name from `<name> left the game`. */
  leave?: string;
  /** `[…]: <name> message`. */
  chat?: { player: string; message: string };
}

const DONE = /Done \(.+\)!/;
/** Greedy like the reference: the text after the last `]: ` of the prefix. */
const SYSTEM = /\[.+\]+: (?!<)(.+)/;
/** Chat, also the 1.19+ `[Not Secure] <name> message` form of unsigned messages. */
const CHAT = /\[.+?\]+: (?:\[Not Secure\] )?<([^<>]+)> (.*)/;
const JOIN = /^(.+) joined the game$/;
const LEAVE = /^(.+) left the game$/;
/** A player name is one token; "[Server] Steve joined the game" (a `say`) is not a join. */
const NAME = /^[^\s[\]<>]+$/;

function playerName(captured: string): string | undefined {
  const name = captured.replace(/ \(formerly known as [^)]*\)$/, '');
  return NAME.test(name) ? name : undefined;
}

export function parseMinecraftLine(rawLine: string): ParsedMinecraftLine {
  const text = stripAnsi(rawLine).replace(/[\r\n]+$/, '');
  const chat = CHAT.exec(text);
  if (chat?.[1] !== undefined && chat[2] !== undefined) {
    // A player typing "Done (x)!" must not mark the server started.
    return { text, started: false, chat: { player: chat[1], message: chat[2] } };
  }
  const result: ParsedMinecraftLine = { text, started: DONE.test(text) };
  const body = SYSTEM.exec(text)?.[1]?.trimEnd();
  if (body === undefined) return result;
  result.system = text;
  const joined = JOIN.exec(body)?.[1];
  const left = LEAVE.exec(body)?.[1];
  const joinName = joined === undefined ? undefined : playerName(joined);
  const leaveName = left === undefined ? undefined : playerName(left);
  if (joinName !== undefined) result.join = joinName;
  if (leaveName !== undefined) result.leave = leaveName;
  return result;
}
