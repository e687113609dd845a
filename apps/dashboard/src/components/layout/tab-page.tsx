import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { Trans } from '@lingui/react/macro';
import { LoadError } from '@/components/ui/load-error.tsx';
import { PageSpinner } from '@/components/ui/spinner.tsx';

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

/** A tab with nothing to list yet: its icon, what is missing, and what such a thing is for. */
export function TabEmptyState({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-line px-6 py-10 text-center">
      <Icon aria-hidden className="size-8 text-faint" />
      <p className="font-medium">{title}</p>
      <p className="max-w-lg text-[13px] leading-relaxed text-muted">{children}</p>
    </div>
  );
}

/** The notice of a tab the viewer may not use. */
export function NoPermissionNotice() {
  return (
    <TabNotice>
      <Trans>No permission</Trans>
    </TabNotice>
  );
}

/** A tab's data once it is there, or what the tab shows in its place. */
export type TabData<T> = { ready: true; data: T } | { ready: false; placeholder: ReactNode };

/**
 * The one order every tab reads its data in: "No permission" when the viewer may not (the query
 * is then disabled and stays pending), a spinner while it loads, the error when it failed.
 */
export function tabData<T>(allowed: boolean, query: UseQueryResult<T>): TabData<T> {
  if (!allowed) return { ready: false, placeholder: <NoPermissionNotice /> };
  if (query.isPending) return { ready: false, placeholder: <PageSpinner /> };
  if (query.isError) return { ready: false, placeholder: <LoadError error={query.error} /> };
  return { ready: true, data: query.data };
}
