import { t } from '@lingui/core/macro';
import { ApiError } from '@/lib/api-client.ts';
import { toUserMessage } from '@/lib/errors.ts';
import { formatNumber } from '@/lib/i18n/format.ts';

// Files the editor cannot show: the core answers 400 "File is binary" or "File is too large to
// open in the editor (…)" instead of sending them; say so plainly and point at the download.
// The core's causes are English wire texts: they are recognised here and said in the active
// language (the sizes read from the cause and written with the language's decimal sign).

export type EditorProblem =
  { kind: 'binary' | 'too-large'; text: string } | { kind: 'error'; text: string };

const TOO_LARGE =
  /^File is too large to open in the editor \((\d+(?:\.\d+)?) MB > (\d+(?:\.\d+)?) MB\)$/;

/** "12.5" in the active language, with as many decimals as the core gave. */
function megabytes(text: string): string {
  const decimals = text.split('.')[1]?.length ?? 0;
  return formatNumber(Number(text), {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    useGrouping: false,
  });
}

function tooLargeText(cause: string): string {
  const match = TOO_LARGE.exec(cause);
  if (!match?.[1] || !match[2]) return t`${cause}. Download it instead.`;
  const size = megabytes(match[1]);
  const max = megabytes(match[2]);
  return t`File is too large to open in the editor (${size} MB > ${max} MB). Download it instead.`;
}

export function editorProblem(err: unknown): EditorProblem {
  if (err instanceof ApiError && err.status === 400) {
    const cause = err.causes[0] ?? '';
    if (cause === 'File is binary')
      return {
        kind: 'binary',
        text: t`This file is binary, so it can't be shown in the editor. Download it instead.`,
      };
    if (cause.startsWith('File is too large'))
      return { kind: 'too-large', text: tooLargeText(cause) };
  }
  return { kind: 'error', text: toUserMessage(err) };
}
