import { ApiError } from '@/lib/api-client.ts';
import { toUserMessage } from '@/lib/errors.ts';

// Files the editor cannot show: the core answers 400 "File is binary" or "File is too large to
// open in the editor (…)" instead of sending them; say so plainly and point at the download.

export const BINARY_FILE_TEXT =
  "This file is binary, so it can't be shown in the editor. Download it instead.";

export type EditorProblem =
  { kind: 'binary' | 'too-large'; text: string } | { kind: 'error'; text: string };

export function editorProblem(err: unknown): EditorProblem {
  if (err instanceof ApiError && err.status === 400) {
    const cause = err.causes[0] ?? '';
    if (cause === 'File is binary') return { kind: 'binary', text: BINARY_FILE_TEXT };
    if (cause.startsWith('File is too large'))
      return { kind: 'too-large', text: `${cause}. Download it instead.` };
  }
  return { kind: 'error', text: toUserMessage(err) };
}
