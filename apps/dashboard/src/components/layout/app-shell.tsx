import type { ReactNode } from 'react';

/** Top bar + optional banner + left sidebar + scrolling content (dashboard.md §2 main layout). */
export function AppShell({
  topBar,
  banner,
  sidebar,
  children,
}: {
  topBar: ReactNode;
  banner?: ReactNode;
  sidebar: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex h-full flex-col">
      {topBar}
      {banner}
      <div className="flex min-h-0 flex-1">
        {sidebar}
        <main className="min-w-0 flex-1 overflow-auto">{children}</main>
      </div>
    </div>
  );
}

export function TopBar({ start, end }: { start: ReactNode; end: ReactNode }) {
  return (
    <header className="flex h-14 shrink-0 items-center justify-between gap-4 border-b border-line bg-panel px-4">
      <div className="flex min-w-0 items-center gap-3">{start}</div>
      <div className="flex items-center gap-2">{end}</div>
    </header>
  );
}

export function Sidebar({ children, footer }: { children: ReactNode; footer: ReactNode }) {
  return (
    <aside className="flex w-60 shrink-0 flex-col border-r border-line bg-panel">
      <div className="min-h-0 flex-1 overflow-y-auto p-3">{children}</div>
      <div className="border-t border-line p-3">{footer}</div>
    </aside>
  );
}
