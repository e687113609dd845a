import type { ReactNode } from 'react';

/** An instance tab's page: its title with an optional action beside it, then the tab's content. */
export function TabPage({
  title,
  action,
  children,
}: {
  title: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 p-6">
      <header className="flex items-center justify-between gap-4">
        <h2 className="text-xl font-semibold">{title}</h2>
        {action}
      </header>
      {children}
    </div>
  );
}

/** A tab's notice in a panel of its own: "No permission", or why there is nothing to list. */
export function TabNotice({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-line bg-panel px-5 py-6 text-center text-sm text-muted">
      {children}
    </p>
  );
}
