import { Suspense, lazy } from 'react';
import { Outlet, useLocation } from '@/lib/router/router.tsx';
import { Settings } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { AppShell, Sidebar } from '@/components/layout/app-shell.tsx';
import { Wordmark } from '@/components/layout/logo.tsx';
import { Tooltip } from '@/components/ui/tooltip.tsx';
import { getLastRoute, isSettingsPath } from '@/lib/last-route.ts';
import { useAppNavigate } from '@/lib/url-state.ts';
import { useNarrowLayout } from '@/lib/use-media-query.ts';
import { useCurrentUser } from '@/features/auth/api/get-user-info.ts';
import { UserMenu } from '@/features/auth/components/user-menu.tsx';
import { useCoreInfo } from '@/features/connection/api/get-core-info.ts';
import {
  ConnectionBadge,
  DegradedBanner,
} from '@/features/connection/components/connection-badge.tsx';
import { CoreWarningsBanner } from '@/features/connection/components/core-warnings-banner.tsx';
import { NotificationBell } from '@/features/notifications/components/notification-bell.tsx';
import { InstanceSidebar } from './routes/instance-dashboard-sidebar.tsx';
import { useTwoFactorEnrolment } from './two-factor-enrolment.ts';

const SettingsNav = lazy(async () => ({
  default: (await import('./routes/settings-nav.tsx')).SettingsNav,
}));

function SettingsButton() {
  const { t } = useLingui();
  const navigate = useAppNavigate();
  const { pathname } = useLocation();
  const inSettings = isSettingsPath(pathname);
  const label = inSettings ? t`Close settings` : t`Settings`;
  return (
    <Tooltip
      content={label}
      className="z-50 rounded-md bg-raised px-2 py-1 text-xs text-fg shadow-lg"
    >
      <button
        type="button"
        aria-label={label}
        aria-pressed={inSettings}
        onClick={() => void navigate(inSettings ? getLastRoute() : '/settings/general')}
        className="flex size-11 shrink-0 items-center justify-center rounded-md text-muted hover:bg-hover hover:text-fg aria-pressed:bg-hover aria-pressed:text-fg wide:size-9"
      >
        <Settings aria-hidden className="size-[18px]" />
      </button>
    </Tooltip>
  );
}

/**
 * dashboard.md §2 "Main layout": top bar, degraded banner, sidebar with instances and the user
 * menu.
 */
export function MainLayout() {
  const { t } = useLingui();
  const navigate = useAppNavigate();
  const info = useCoreInfo();
  const user = useCurrentUser();
  const inSettings = isSettingsPath(useLocation().pathname);
  useTwoFactorEnrolment();
  const narrow = useNarrowLayout();
  const coreName = info.data?.core_name ?? '';

  const topStart = (
    <>
      <button
        type="button"
        aria-label={t`Hearth home`}
        onClick={() => void navigate('/', { clear: ['instance', 'user'] })}
        className="flex min-h-11 shrink-0 items-center rounded-md px-1 hover:bg-hover wide:min-h-9"
      >
        <Wordmark />
      </button>
      <span aria-hidden className="h-5 w-px shrink-0 bg-line" />
      <span className="truncate text-sm font-medium text-muted" title={t`Core name`} translate="no">
        {coreName}
      </span>
    </>
  );
  const topEnd = (
    <>
      <ConnectionBadge />
      <NotificationBell />
    </>
  );

  const sidebar = (
    <Sidebar
      footer={
        <>
          {narrow && coreName ? (
            // The top bar cuts a long core name on a phone: here it reads whole.
            <p className="px-2 pb-2 text-xs break-words text-muted">
              <Trans>
                <span className="text-faint">Core: </span>
                <span translate="no">{coreName}</span>
              </Trans>
            </p>
          ) : null}
          <div className="flex items-center gap-1">
            <div className="min-w-0 flex-1">
              <UserMenu
                onSignIn={() => void navigate('/login/user/select')}
                onSignedOut={() => void navigate('/', { clear: ['instance', 'user', 'path'] })}
                onChangeCore={() =>
                  void navigate('/login/core/select', { clear: ['instance', 'user', 'path'] })
                }
              />
            </div>
            <SettingsButton />
          </div>
        </>
      }
    >
      {inSettings ? (
        <Suspense fallback={null}>
          <SettingsNav />
        </Suspense>
      ) : (
        <section aria-label={t`Instances`} className="flex flex-col gap-1">
          <h2 className="px-2 pb-1 text-[11px] font-semibold tracking-wider text-faint uppercase">
            <Trans>Instances</Trans>
          </h2>
          <InstanceSidebar />
        </section>
      )}
    </Sidebar>
  );

  return (
    <AppShell
      topStart={topStart}
      topEnd={topEnd}
      banner={
        <>
          <DegradedBanner />
          <CoreWarningsBanner isOwner={user.data?.is_owner === true} />
        </>
      }
      sidebar={sidebar}
    >
      <Outlet />
    </AppShell>
  );
}
