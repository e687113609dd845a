import { clipboardText, selectionText } from '../model/footer-text.ts';

/** `N items selected` and `N items in clipboard` (dashboard.md §2 Files). */
export function FilesFooter({
  selected,
  inClipboard,
  total,
}: {
  selected: number;
  inClipboard: number;
  total: number | null;
}) {
  const selection = selectionText(selected);
  const clipboard = clipboardText(inClipboard);
  return (
    <footer
      aria-label="File status"
      className="flex h-7 shrink-0 items-center gap-4 border-t border-line px-3 text-[12px] text-muted"
    >
      <span role="status" className="flex gap-4">
        {selection ? <span>{selection}</span> : null}
        {clipboard ? <span>{clipboard}</span> : null}
      </span>
      {total === null ? null : (
        <span className="ml-auto text-faint">{total === 1 ? '1 entry' : `${total} entries`}</span>
      )}
    </footer>
  );
}
