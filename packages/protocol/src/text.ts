// Text rules both sides need (conventions.md habit 13): the core matches output patterns on
// console lines without escape codes, and the dashboard searches the same plain text.

// CSI sequences (colours, cursor moves), OSC sequences (titles, links) and lone two-byte escapes.
const ANSI =
  // eslint-disable-next-line no-control-regex
  /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[@-Z\\-_]/g;

/**
 * A console line without terminal escape codes: what the core's output patterns and parsers look
 * at, and what the dashboard's console search runs over.
 */
export function stripAnsi(line: string): string {
  return line.replace(ANSI, '');
}
