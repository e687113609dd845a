import { Suspense, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useParams, useSearchParams } from '@/lib/router/router.tsx';
import { Trans, useLingui } from '@lingui/react/macro';
import { INSTANCE_NOT_FOUND_SPLASH_MS } from '@hearth/protocol';
import type { InstanceInfo } from '@hearth/protocol';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { viewerCan } from '@/lib/permissions.ts';
import { useAppNavigate } from '@/lib/url-state.ts';
import { useInstances } from '@/features/instances/api/get-instances.ts';
import { InstanceNav } from '@/features/instances/components/instance-nav.tsx';
import { useGlobalSettings } from '@/features/settings/api/get-global-settings.ts';
import { INSTANCE_TABS, INSTANCE_TAB_SCREENS } from './instance-tabs.tsx';
import type { InstanceTabId } from './instance-tabs.tsx';
import { NewInstanceWizard } from '../new-instance-wizard.tsx';
import { useViewer } from '../use-viewer.ts';

// /dashboard/:tab (dashboard.md §2 "Instance dashboard"): the left nav with the selected instance
// and its tabs, and the tab chosen by the second path segment.

/**
 * The tabs this core shows: Playitgg only when the global setting playit_enabled is on, Add-ons
 * only while modrinth_enabled is (on by default). Their labels are message descriptors.
 */
export function visibleTabs(playitEnabled: boolean, modrinthEnabled = true) {
  return INSTANCE_TABS.filter(
    (tab) => (tab.id !== 'playitgg' || playitEnabled) && (tab.id !== 'addons' || modrinthEnabled),
  );
}

function Centered({ children }: { children: ReactNode }) {
  return (
    <div className="flex h-full min-h-60 flex-col items-center justify-center gap-2 p-8 text-center">
      {children}
    </div>
  );
}

/** A 1 s loading screen, then Instance not found (dashboard.md §9). */
function InstanceNotFound() {
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaited(true), INSTANCE_NOT_FOUND_SPLASH_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!waited) return <PageSpinner />;
  return (
    <Centered>
      <h1 className="text-lg font-semibold">
        <Trans>Instance not found</Trans>
      </h1>
      <p className="text-sm text-muted">
        <Trans>Select an instance in the sidebar.</Trans>
      </p>
    </Centered>
  );
}

function TabArea({
  tab,
  instance,
  known,
}: {
  tab: string;
  instance: InstanceInfo;
  known: boolean;
}) {
  const { i18n } = useLingui();
  const Screen = known ? INSTANCE_TAB_SCREENS[tab as InstanceTabId] : undefined;
  const descriptor = INSTANCE_TABS.find((x) => x.id === tab)?.label;
  const label = descriptor ? i18n._(descriptor) : tab;
  if (!Screen) {
    return (
      <Centered>
        <h1 className="text-lg font-semibold">
          <Trans>{tab} not found</Trans>
        </h1>
      </Centered>
    );
  }
  // The screen's one h1, for every tab (the tab screens start at h2): the nav shows the same.
  return (
    <>
      <h1 className="sr-only">{`${label} - ${instance.name}`}</h1>
      <Suspense fallback={<PageSpinner />}>
        <Screen key={instance.uuid} instance={instance} />
      </Suspense>
    </>
  );
}

export function InstanceDashboardRoute() {
  const { t, i18n } = useLingui();
  const { tab = 'overview' } = useParams();
  const [params] = useSearchParams();
  const navigate = useAppNavigate();
  const viewer = useViewer();
  const instances = useInstances();
  const settings = useGlobalSettings();
  const [wizardOpen, setWizardOpen] = useState(false);

  const uuid = params.get('instance');
  const instance = instances.data?.find((i) => i.uuid === uuid) ?? null;
  const tabs = visibleTabs(
    settings.data?.playit_enabled ?? false,
    settings.data?.modrinth_enabled ?? true,
  );
  const known = tabs.some((x) => x.id === tab);
  const navTabs = tabs.map(({ id, label }) => ({ id, label: i18n._(label) }));
  const canCreate = viewerCan(viewer, { type: 'CreateInstance' });
  // dashboard.md §2: an `instance` naming no instance of this core goes to / (so does a deleted one).
  const unknown = uuid !== null && instances.isSuccess && instance === null;
  useEffect(() => {
    if (unknown) void navigate('/', { clear: ['instance'], replace: true });
  }, [unknown, navigate]);

  return (
    <div className="flex h-full min-h-0 flex-col wide:flex-row">
      <InstanceNav
        instance={instance}
        viewer={viewer}
        tabs={navTabs}
        activeTab={tab}
        onSelectTab={(next) => void navigate(`/dashboard/${next}`)}
        canCreate={canCreate}
        onNewInstance={() => setWizardOpen(true)}
      />
      <section aria-label={t`Instance tab`} className="min-h-0 min-w-0 flex-1 overflow-auto">
        {instance ? (
          <TabArea tab={tab} instance={instance} known={known} />
        ) : instances.isPending || unknown ? (
          <PageSpinner />
        ) : (
          <InstanceNotFound key={uuid} />
        )}
      </section>
      <NewInstanceWizard open={wizardOpen} onOpenChange={setWizardOpen} />
    </div>
  );
}
