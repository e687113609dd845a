import type { RouteObject } from 'react-router';
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
] as const;
/** Settings pages (dashboard.md §2); the settings nav replaces the instance sidebar there. */
export const SETTINGS_PAGES = ['general', 'users', 'profile', 'events', 'webhooks'] as const;

const notFound = async () => ({
  Component: (await import('./routes/not-found.tsx')).NotFoundRoute,
});
const mainHandle: RouteHandle = { layout: 'main' };

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: PageSpinner,
    children: [
      {
        path: '/first_setup',
        lazy: async () => ({ Component: (await import('./routes/welcome.tsx')).WelcomeRoute }),
      },
      {
        path: '/login/core/select',
        lazy: async () => ({
          Component: (await import('./routes/core-select.tsx')).CoreSelectRoute,
        }),
      },
      {
        path: '/login/core/new',
        lazy: async () => ({ Component: (await import('./routes/core-new.tsx')).CoreNewRoute }),
      },
      {
        Component: RequireCore,
        children: [
          {
            Component: RequireNotSetUp,
            children: [
              {
                path: '/login/core/first_setup',
                lazy: async () => ({
                  Component: (await import('./routes/core-first-setup.tsx')).CoreFirstSetupRoute,
                }),
              },
            ],
          },
          {
            Component: RequireToken,
            children: [
              {
                path: '/login/core/first_config',
                lazy: async () => ({
                  Component: (await import('./routes/core-first-config.tsx')).CoreFirstConfigRoute,
                }),
              },
            ],
          },
          {
            Component: RequireSetUp,
            children: [
              {
                path: '/login/user/select',
                lazy: async () => ({
                  Component: (await import('./routes/user-select.tsx')).UserSelectRoute,
                }),
              },
              {
                path: '/login/user',
                lazy: async () => ({
                  Component: (await import('./routes/user-login.tsx')).UserLoginRoute,
                }),
              },
            ],
          },
          {
            Component: MainLayout,
            handle: mainHandle,
            children: [
              { index: true, Component: HomeRoute },
              {
                Component: RequireToken,
                children: [
                  {
                    // One route for every tab: an unknown tab shows "{tab} not found" inside the dashboard.
                    path: '/dashboard/:tab',
                    lazy: async () => ({
                      Component: (await import('./routes/instance-dashboard.tsx'))
                        .InstanceDashboardRoute,
                    }),
                  },
                  {
                    path: '/settings/general',
                    lazy: async () => ({
                      Component: (await import('./routes/settings-general.tsx'))
                        .SettingsGeneralRoute,
                    }),
                  },
                  {
                    path: '/settings/users',
                    lazy: async () => ({
                      Component: (await import('./routes/settings-users.tsx')).SettingsUsersRoute,
                    }),
                  },
                  {
                    path: '/settings/events',
                    lazy: async () => ({
                      Component: (await import('./routes/settings-event-logs.tsx'))
                        .SettingsEventLogsRoute,
                    }),
                  },
                  {
                    path: '/settings/webhooks',
                    lazy: async () => ({
                      Component: (await import('./routes/settings-webhooks.tsx'))
                        .SettingsWebhooksRoute,
                    }),
                  },
                ],
              },
              {
                // Profile is reachable signed out: it says so after 5 s (dashboard.md §2).
                path: '/settings/profile',
                lazy: async () => ({
                  Component: (await import('./routes/settings-profile.tsx')).SettingsProfileRoute,
                }),
              },
            ],
          },
        ],
      },
      { path: '*', lazy: notFound },
    ],
  },
];
