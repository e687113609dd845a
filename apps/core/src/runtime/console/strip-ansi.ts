// CSI sequences (colours, cursor moves), OSC sequences (titles, links) and lone two-byte escapes.
const ANSI =
  // eslint-disable-next-line no-control-regex
  /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[@-Z\\-_]/g;

/** A console line without terminal escape codes (what output patterns and parsers look at). */
export function stripAnsi(line: string): string {
  return line.replace(ANSI, '');
}
