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

// C0 controls (NUL included) and DEL: never in a name, never in a kept line of output.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;
// The same without tab and line feed, for output kept as text (a tab lines columns up).
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS_BUT_TAB_AND_NEWLINE = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

/** Whether a name holds a control character (C0 or DEL): every name rule refuses those. */
export function hasControlCharacter(text: string): boolean {
  // A fresh search each time: a /g regex's .test() would carry lastIndex between calls.
  return text.search(CONTROL_CHARACTERS) !== -1;
}

/**
 * `text` with each control character (C0 or DEL) replaced by `by` (dropped by default).
 * `keepTabAndNewline` keeps those two, for output lines kept as text.
 */
export function replaceControlCharacters(
  text: string,
  by = '',
  { keepTabAndNewline = false }: { keepTabAndNewline?: boolean } = {},
): string {
  return text.replace(
    keepTabAndNewline ? CONTROL_CHARACTERS_BUT_TAB_AND_NEWLINE : CONTROL_CHARACTERS,
    by,
  );
}
