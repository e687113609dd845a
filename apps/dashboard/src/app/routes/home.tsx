import { Suspense, lazy, useEffect, useState } from 'react';
import { useSearchParams } from '@/lib/router/router.tsx';
import { Plus } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@/components/ui/button.tsx';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { LoadError } from '@/components/ui/load-error.tsx';
import { HOME_LOADER_MIN_MS } from '@hearth/protocol';
import { viewerCan } from '@/lib/permissions.ts';
import { useConnectionStatus } from '@/lib/connection-status.ts';
import { useCurrentCore, useCurrentToken, useSession } from '@/lib/session.ts';
import { useAppNavigate } from '@/lib/url-state.ts';
import { useMinimumDuration } from '@/lib/use-minimum-duration.ts';
import { useCurrentUser } from '@/features/auth/api/get-user-info.ts';
import { useInstances } from '@/features/instances/api/get-instances.ts';
import { InstanceGrid } from '@/features/instances/components/instance-grid.tsx';
import { useGlobalSettings } from '@/features/settings/api/get-global-settings.ts';
import { NewInstanceWizard } from '../new-instance-wizard.tsx';
import { useViewer } from '../use-viewer.ts';

// The fleet home (more than one saved core) is loaded when it is shown: most homes have one core,
// and its sections, streams and filters stay out of the first load.
const FleetView = lazy(async () => ({
  default: (await import('../fleet/fleet-view.tsx')).FleetView,
}));

/**
 * / — home (dashboard.md §2): the greeting, the gated Create button, and every instance as a card
 * (issue 15 #11); a guest is asked to log in. With more than one saved core it is the fleet home
 * (issue 26): every core in a section of its own, the current one included.
 */
export function HomeRoute() {
  const { t } = useLingui();
  const navigate = useAppNavigate();
  const token = useCurrentToken();
  const user = useCurrentUser();
  const viewer = useViewer();
  const instances = useInstances();
  const settings = useGlobalSettings();
  const core = useCurrentCore();
  const [params] = useSearchParams();
  const fleet = useSession().cores.length > 1;
  const connection = useConnectionStatus();
  const [wizardOpen, setWizardOpen] = useState(false);
  const loaderShownLongEnough = useMinimumDuration(HOME_LOADER_MIN_MS);
  const selected = params.get('instance');
  const known = selected !== null && instances.data?.some((i) => i.uuid === selected) === true;

  // dashboard.md §2: an `instance` parameter naming a known instance opens its dashboard.
  useEffect(() => {
    if (known) void navigate('/dashboard/overview', { replace: true });
  }, [known, navigate]);

  if (!token) {
    const guest = (
      <section className="mx-auto flex max-w-lg flex-col items-center gap-4 px-6 py-24 text-center">
        <h1 className="text-2xl font-semibold tracking-tight">
          <Trans>Welcome to Hearth</Trans>
        </h1>
        <p className="text-sm text-muted">
          <Trans>Log in to view your server instances</Trans>
        </p>
        <Button variant="primary" onClick={() => void navigate('/login/user/select')}>
          <Trans>Sign in</Trans>
        </Button>
      </section>
    );
    if (!fleet) return guest;
    return (
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-6 pb-8">
        {guest}
        <Suspense fallback={<PageSpinner />}>
          <FleetView />
        </Suspense>
      </div>
    );
  }
  // The fleet home does not wait for a current core that cannot be reached: its section says Down
  // and the other cores are shown (issue 26).
  const waitForUser = user.isPending && !(fleet && connection === 'error');
  if (waitForUser || !loaderShownLongEnough) return <PageSpinner />;

  const canCreate = viewerCan(viewer, { type: 'CreateInstance' });
  const list = instances.data ?? [];
  const username = user.data?.username;
  const domain = settings.data?.domain?.trim();
  const host = domain || core?.address || 'localhost';
  const createButton = (
    <Button
      variant="primary"
      disabled={!canCreate}
      title={canCreate ? undefined : t`No permission`}
      onClick={() => setWizardOpen(true)}
    >
      <Plus aria-hidden className="size-4" />
      <Trans>Create a new instance</Trans>
    </Button>
  );
  return (
    <section aria-label={t`Home`} className="mx-auto flex max-w-6xl flex-col gap-6 px-6 py-8">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">
            {username ? t`Welcome back, ${username}` : t`Welcome back`}
          </h1>
          <p className="text-sm text-muted">
            {list.length > 0
              ? t`Manage your instances here, or open one for its console, files and settings.`
              : t`Create an instance to get a game server running.`}
          </p>
        </div>
        {createButton}
      </header>
      {fleet ? (
        <Suspense fallback={<PageSpinner />}>
          <FleetView />
        </Suspense>
      ) : instances.isError ? (
        <LoadError error={instances.error} />
      ) : list.length > 0 ? (
        <InstanceGrid
          instances={list}
          viewer={viewer}
          host={host}
          onOpen={(uuid) => void navigate('/dashboard/overview', { set: { instance: uuid } })}
        />
      ) : instances.isPending ? (
        <PageSpinner />
      ) : (
        <p className="rounded-xl border border-dashed border-line px-6 py-12 text-center text-sm text-muted">
          <Trans>No instances yet.</Trans>
        </p>
      )}
      <NewInstanceWizard open={wizardOpen} onOpenChange={setWizardOpen} />
    </section>
  );
}
