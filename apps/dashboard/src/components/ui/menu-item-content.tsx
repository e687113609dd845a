import type { ReactNode } from 'react';

/**
 * What a dropdown or context menu entry shows: its icon, its label (cut to one line) and a hint
 * at the end, such as a shortcut. The hint is read as the entry's description, not its name.
 */
export function MenuItemContent({
  icon,
  hint,
  children,
}: {
  icon?: ReactNode;
  hint?: string | undefined;
  children: ReactNode;
}) {
  return (
    <>
      {icon}
      <span className="min-w-0 flex-1 truncate">{children}</span>
      {hint ? (
        <span aria-hidden className="shrink-0 text-[11px] text-faint">
          {hint}
        </span>
      ) : null}
    </>
  );
}
