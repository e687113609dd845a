import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Plus } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { HOME_LOADER_MIN_MS } from '@hearth/protocol';
import { viewerCan } from '@/lib/permissions.ts';
import { useCurrentToken } from '@/lib/session.ts';
import { useAppNavigate } from '@/lib/url-state.ts';
import { useMinimumDuration } from '@/lib/use-minimum-duration.ts';
import { useCurrentUser } from '@/features/auth/api/get-user-info.ts';
import { useInstances } from '@/features/instances/api/get-instances.ts';
import { CreateInstanceWizardLazy } from '@/features/instances/components/lazy-wizard.tsx';
import { useViewer } from '../use-viewer.ts';

/** / — home (dashboard.md §2). */
export function HomeRoute() {
  const navigate = useAppNavigate();
  const token = useCurrentToken();
  const user = useCurrentUser();
  const viewer = useViewer();
  const instances = useInstances();
  const [params] = useSearchParams();
  const [wizardOpen, setWizardOpen] = useState(false);
  const loaderShownLongEnough = useMinimumDuration(HOME_LOADER_MIN_MS);
  const selected = params.get('instance');
  const known = selected !== null && instances.data?.some((i) => i.uuid === selected) === true;

  // dashboard.md §2: an `instance` parameter naming a known instance opens its dashboard.
  useEffect(() => {
    if (known) void navigate('/dashboard/overview', { replace: true });
  }, [known, navigate]);

  if (!token) {
    return (
      <section className="mx-auto flex max-w-lg flex-col items-center gap-4 px-6 py-24 text-center">
        <h1 className="text-2xl font-semibold tracking-tight">Welcome to Hearth</h1>
        <p className="text-sm text-muted">Log in to view your server instances</p>
        <Button variant="primary" onClick={() => void navigate('/login/user/select')}>
          Sign in
        </Button>
      </section>
    );
  }
  if (user.isPending || !loaderShownLongEnough) return <PageSpinner />;

  const canCreate = viewerCan(viewer, { type: 'CreateInstance' });
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center gap-4 px-6 py-24 text-center">
      <h1 className="text-2xl font-semibold tracking-tight">
        {user.data ? `Welcome back, ${user.data.username}` : 'Welcome back'}
      </h1>
      <p className="text-sm text-muted">
        Select an instance on the left to manage it, or create a new one to get a game server
        running.
      </p>
      <Button
        variant="primary"
        disabled={!canCreate}
        title={canCreate ? undefined : 'No permission'}
        onClick={() => setWizardOpen(true)}
      >
        <Plus aria-hidden className="size-4" />
        Create a new instance
      </Button>
      <CreateInstanceWizardLazy open={wizardOpen} onOpenChange={setWizardOpen} />
    </section>
  );
}
