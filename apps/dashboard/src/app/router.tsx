import { Component, Suspense, lazy } from 'react';
import { t } from '@lingui/core/macro';
import type { ComponentType, ErrorInfo, ReactNode } from 'react';
import { matchRoutes, useLocation, useRoutes } from '@/lib/router/router.tsx';
import type { RouteObject } from '@/lib/router/router.tsx';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { RequireCore, RequireNotSetUp, RequireSetUp, RequireToken } from './guards.tsx';
import { RootLayout } from './root-layout.tsx';
import type { RouteHandle } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';
import { MainLayout } from './main-layout.tsx';
import { HomeRoute } from './routes/home.tsx';

// The route table of dashboard.md §2. Every screen is its own lazily loaded chunk, except the
// main layout and home: a signed-in visit opens on them, so they ship in the entry and the home's
// first load is one script (issue 16); what they open on use (menus, the wizard) stays lazy.
//
// The table is drawn by the dashboard's own router (lib/router: `useRoutes` in a BrowserRouter):
// the dashboard has no loaders, actions or forms, and React Router, even without its data router,
// cost ~13 kB (gzip) of the first load (issue 24). A screen's chunk loads inside its own Suspense
// boundary, so the layouts around it stay on screen while it does; one error boundary shows
// RouteError for a screen that throws or whose code cannot be loaded.

/** The instance tabs' path segments (dashboard.md §2); the tab registry is routes/instance-tabs.tsx. */
export const DASHBOARD_TABS = [
  'overview',
  'settings',
  'console',
  'files',
  'macros',
  'logs',
  'playitgg',
  'tunnels',
  'backups',
  'schedules',
  'players',
] as const;
/** Settings pages (dashboard.md §2); the settings nav replaces the instance sidebar there. */
export const SETTINGS_PAGES = ['general', 'users', 'profile', 'events', 'webhooks'] as const;

/** A lazily loaded screen, drawn inside its own Suspense boundary. */
function screen(load: () => Promise<ComponentType>): ReactNode {
  const Screen = lazy(async () => ({ default: await load() }));
  return (
    <Suspense fallback={<PageSpinner />}>
      <Screen />
    </Suspense>
  );
}

const mainHandle: RouteHandle = { layout: 'main' };

export const routes: RouteObject[] = [
  {
    path: '/first_setup',
    element: screen(async () => (await import('./routes/welcome.tsx')).WelcomeRoute),
  },
  {
    path: '/login/core/select',
    element: screen(async () => (await import('./routes/core-select.tsx')).CoreSelectRoute),
  },
  {
    path: '/login/core/new',
    element: screen(async () => (await import('./routes/core-new.tsx')).CoreNewRoute),
  },
  {
    element: <RequireCore />,
    children: [
      {
        element: <RequireNotSetUp />,
        children: [
          {
            path: '/login/core/first_setup',
            element: screen(
              async () => (await import('./routes/core-first-setup.tsx')).CoreFirstSetupRoute,
            ),
          },
        ],
      },
      {
        element: <RequireToken />,
        children: [
          {
            path: '/login/core/first_config',
            element: screen(
              async () => (await import('./routes/core-first-config.tsx')).CoreFirstConfigRoute,
            ),
          },
        ],
      },
      {
        element: <RequireSetUp />,
        children: [
          {
            path: '/login/user/select',
            element: screen(async () => (await import('./routes/user-select.tsx')).UserSelectRoute),
          },
          {
            path: '/login/user',
            element: screen(async () => (await import('./routes/user-login.tsx')).UserLoginRoute),
          },
        ],
      },
      {
        element: <MainLayout />,
        handle: mainHandle,
        children: [
          { index: true, element: <HomeRoute /> },
          {
            element: <RequireToken />,
            children: [
              {
                // One route for every tab: an unknown tab shows "{tab} not found" inside the dashboard.
                path: '/dashboard/:tab',
                element: screen(
                  async () =>
                    (await import('./routes/instance-dashboard.tsx')).InstanceDashboardRoute,
                ),
              },
              {
                path: '/settings/general',
                element: screen(
                  async () => (await import('./routes/settings-general.tsx')).SettingsGeneralRoute,
                ),
              },
              {
                path: '/settings/users',
                element: screen(
                  async () => (await import('./routes/settings-users.tsx')).SettingsUsersRoute,
                ),
              },
              {
                path: '/settings/events',
                element: screen(
                  async () =>
                    (await import('./routes/settings-event-logs.tsx')).SettingsEventLogsRoute,
                ),
              },
              {
                path: '/settings/webhooks',
                element: screen(
                  async () =>
                    (await import('./routes/settings-webhooks.tsx')).SettingsWebhooksRoute,
                ),
              },
            ],
          },
          {
            // Profile is reachable signed out: it says so after 5 s (dashboard.md §2).
            path: '/settings/profile',
            element: screen(
              async () => (await import('./routes/settings-profile.tsx')).SettingsProfileRoute,
            ),
          },
        ],
      },
    ],
  },
  {
    path: '*',
    element: screen(async () => (await import('./routes/not-found.tsx')).NotFoundRoute),
  },
];

interface BoundaryProps {
  /** A new key (the path) clears a shown error: another screen gets its chance. */
  resetKey: string;
  children: ReactNode;
}
interface BoundaryState {
  error: unknown;
  key: string;
}

/** Shows RouteError for a screen that throws while drawing or whose chunk fails to load. */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error(t`Unknown error`) };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A screen failed', error, info.componentStack);
  }

  override render() {
    return this.state.error ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/** Every screen, for the router around it (BrowserRouter in the app, MemoryRouter in tests). */
export function AppRoutes() {
  const location = useLocation();
  const inMainLayout = (matchRoutes(routes, location.pathname) ?? []).some(
    (match) => (match.route.handle as RouteHandle | undefined)?.layout === 'main',
  );
  const element = useRoutes(routes, location);
  return (
    <RouteErrorBoundary resetKey={location.pathname}>
      <RootLayout inMainLayout={inMainLayout}>{element}</RootLayout>
    </RouteErrorBoundary>
  );
}
