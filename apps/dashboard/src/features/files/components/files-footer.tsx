import type { ReactNode } from 'react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { clipboardText, selectionText } from '../model/footer-text.ts';

/** `N items selected` and `N items in clipboard` (dashboard.md §2 Files). */
export function FilesFooter({
  selected,
  inClipboard,
  total,
  extra,
}: {
  selected: number;
  inClipboard: number;
  total: number | null;
  extra?: ReactNode;
}) {
  const { t } = useLingui();
  const selection = selectionText(selected);
  const clipboard = clipboardText(inClipboard);
  return (
    <footer
      aria-label={t`File status`}
      className="flex h-7 shrink-0 items-center gap-4 border-t border-line px-3 text-[12px] text-muted"
    >
      <span role="status" className="flex gap-4">
        {selection ? <span>{selection}</span> : null}
        {clipboard ? <span>{clipboard}</span> : null}
      </span>
      {extra ? <span className="ml-auto flex min-w-0 items-center">{extra}</span> : null}
      {total === null ? null : (
        <span className={extra ? 'shrink-0 text-faint' : 'ml-auto text-faint'}>
          {plural(total, { one: '# entry', other: '# entries' })}
        </span>
      )}
    </footer>
  );
}
