import { useState } from 'react';
import type { ReactNode } from 'react';
import { NavigationType, useLocation, useNavigationType } from '@/lib/router/router.tsx';
import { Menu } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Drawer } from '@/components/ui/drawer.tsx';
import { useNarrowLayout } from '@/lib/use-media-query.ts';

const MAIN_ID = 'main-content';

/**
 * Top bar + optional banner + left sidebar + scrolling content (dashboard.md §2 main layout).
 * Below the narrow-layout width the sidebar moves into a drawer opened from the top bar's Menu
 * button; it closes by itself when the page changes. The first Tab stop, "Skip to main content",
 * moves focus past the top bar and the sidebar (about twenty stops) to the page.
 */
export function AppShell({
  topStart,
  topEnd,
  banner,
  sidebar,
  children,
}: {
  topStart: ReactNode;
  topEnd: ReactNode;
  banner?: ReactNode;
  sidebar: ReactNode;
  children: ReactNode;
}) {
  const { t } = useLingui();
  const narrow = useNarrowLayout();
  const location = useLocation();
  const navigation = useNavigationType();
  // Open for the page it was opened on: any step the user takes (a link, a button, Back) closes
  // it. Replaced entries are not steps: the dashboard rewrites the URL's core parameters itself.
  const [openOn, setOpenOn] = useState<string | null>(null);
  if (openOn !== null && openOn !== location.key && navigation === NavigationType.Replace)
    setOpenOn(location.key);
  const drawerOpen = openOn === location.key;
  const setDrawerOpen = (open: boolean) => setOpenOn(open ? location.key : null);

  const menu = narrow ? (
    <Drawer
      open={drawerOpen}
      onOpenChange={setDrawerOpen}
      title={t`Menu`}
      trigger={
        <button
          type="button"
          aria-label={t`Open menu`}
          className="-ml-1 flex size-11 shrink-0 items-center justify-center rounded-md text-muted hover:bg-hover hover:text-fg"
        >
          <Menu aria-hidden className="size-5" />
        </button>
      }
    >
      {sidebar}
    </Drawer>
  ) : null;

  return (
    <div className="relative flex h-full flex-col">
      {/* not-sr-only resets the padding, so the focused link's size is set after it (≥ 44 px). */}
      <a
        href={`#${MAIN_ID}`}
        className="sr-only rounded-md border border-line bg-raised text-sm font-medium text-fg focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:inline-flex focus:min-h-11 focus:items-center focus:px-4"
        onClick={(event) => {
          // Focus, not the URL's hash: the router owns the URL.
          event.preventDefault();
          document.getElementById(MAIN_ID)?.focus();
        }}
      >
        <Trans>Skip to main content</Trans>
      </a>
      <TopBar
        start={
          <>
            {menu}
            {topStart}
          </>
        }
        end={topEnd}
      />
      {banner}
      <div className="flex min-h-0 flex-1">
        {narrow ? null : (
          <aside
            aria-label={t`Sidebar`}
            className="flex w-60 shrink-0 flex-col border-r border-line bg-panel"
          >
            {sidebar}
          </aside>
        )}
        <main id={MAIN_ID} tabIndex={-1} className="focus-inset min-w-0 flex-1 overflow-auto">
          {children}
        </main>
      </div>
    </div>
  );
}

export function TopBar({ start, end }: { start: ReactNode; end: ReactNode }) {
  return (
    <header className="flex h-14 shrink-0 items-center justify-between gap-2 border-b border-line bg-panel px-3 wide:gap-4 wide:px-4">
      <div className="flex min-w-0 items-center gap-2 wide:gap-3">{start}</div>
      <div className="flex shrink-0 items-center gap-1 wide:gap-2">{end}</div>
    </header>
  );
}

/** The sidebar's contents: a scrolling body and a footer (the account menu). */
export function Sidebar({ children, footer }: { children: ReactNode; footer: ReactNode }) {
  return (
    <>
      <div className="min-h-0 flex-1 overflow-y-auto p-3">{children}</div>
      <div className="border-t border-line p-3">{footer}</div>
    </>
  );
}
