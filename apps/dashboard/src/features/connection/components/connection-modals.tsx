import { Suspense, lazy, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { HEARTH_VERSION, formatHost } from '@hearth/protocol';
import { Button } from '@/components/ui/button.tsx';
import type { ModalProps } from '@/components/ui/dialog.tsx';
import { useConnectionStatus } from '@/lib/connection-status.ts';
import { useLocation } from '@/lib/router/router.tsx';
import { coreKey, getToken, selectCore, useCurrentCore, useSession } from '@/lib/session.ts';
import { useAppNavigate } from '@/lib/url-state.ts';
import { getCoreInfoQueryOptions, useCoreInfo } from '../api/get-core-info.ts';
import {
  isMixedContent,
  localCoreAction,
  pickConnectionModal,
  routeAfterCoreChosen,
} from '../modal-choice.ts';
import type { ConnectionModal } from '../modal-choice.ts';
import { useLocalCoreOffer } from '../use-local-core-offer.ts';
import { isBetaVersion, versionOutcome } from '../version-rule.ts';

// The dialog code loads only when a modal actually has to show.
const LazyModal = lazy(async () => ({
  default: (await import('@/components/ui/dialog.tsx')).Modal,
}));

/** Only the dialog waits for its code: the chooser around it keeps following the status meanwhile. */
function Modal(props: ModalProps) {
  return (
    <Suspense fallback={null}>
      <LazyModal {...props} />
    </Suspense>
  );
}

/** The New Local Core Detected button, by what a click does (modal-choice.ts). */
function LocalCoreActionLabel({ action }: { action: ReturnType<typeof localCoreAction> }) {
  switch (action) {
    case 'Setup':
      return <Trans>Setup</Trans>;
    case 'Continue':
      return <Trans>Continue</Trans>;
    case 'Add':
      return <Trans>Add</Trans>;
  }
}

/** The New Local Core Detected text: one sentence per case (named or not, set up or not). */
function LocalCoreDescription({
  name,
  address,
  isSetup,
}: {
  name: string | null;
  address: string;
  isSetup: boolean;
}): ReactNode {
  if (name) {
    return isSetup ? (
      <Trans>
        A core named “{name}” is running at <span className="font-mono text-fg">{address}</span>.
        Add it to connect to it.
      </Trans>
    ) : (
      <Trans>
        A core named “{name}” is running at <span className="font-mono text-fg">{address}</span> and
        has not been set up yet. Set it up now?
      </Trans>
    );
  }
  return isSetup ? (
    <Trans>
      A core is running at <span className="font-mono text-fg">{address}</span>. Add it to connect
      to it.
    </Trans>
  ) : (
    <Trans>
      A core is running at <span className="font-mono text-fg">{address}</span> and has not been set
      up yet. Set it up now?
    </Trans>
  );
}

const BETA_SEEN_KEY = 'betaThanksSeen';

function betaSeen(version: string): boolean {
  try {
    return localStorage.getItem(BETA_SEEN_KEY) === version;
  } catch {
    return false;
  }
}

/**
 * The connection modals of dashboard.md §2, one at a time: New Local Core Detected, the HTTP
 * error, Setup Required, Core Connection Error, Update Required and the beta thanks.
 */
export function ConnectionModals({ inMainLayout }: { inMainLayout: boolean }) {
  const { t } = useLingui();
  const navigate = useAppNavigate();
  const queryClient = useQueryClient();
  const core = useCurrentCore();
  const coreId = core ? `${core.protocol}://${coreKey(core)}` : '';
  const info = useCoreInfo();
  const status = useConnectionStatus();
  // The fleet home (more than one saved core) shows a core that cannot be reached as Down in its
  // own section, the current one too; a dialog there would hold up every other core (issue 26).
  const { pathname } = useLocation();
  const savedCores = useSession().cores.length;
  const onFleetHome = pathname === '/' && savedCores > 1;
  const { offer, skip } = useLocalCoreOffer();
  const [dismissed, setDismissed] = useState<{
    coreId: string;
    modals: ReadonlySet<ConnectionModal>;
  }>({
    coreId,
    modals: new Set(),
  });
  const [betaAcknowledged, setBetaAcknowledged] = useState(false);

  // Dismissals belong to one core; a recovered connection may fail again and be reported again.
  const dismissedNow = dismissed.coreId === coreId ? dismissed.modals : new Set<ConnectionModal>();
  useEffect(() => {
    if (status === 'success' && dismissed.modals.has('connection-error')) {
      setDismissed((d) => ({
        ...d,
        modals: new Set([...d.modals].filter((m) => m !== 'connection-error')),
      }));
    }
  }, [status, dismissed.modals]);

  const dismiss = (modal: ConnectionModal) =>
    setDismissed({ coreId, modals: new Set([...dismissedNow, modal]) });

  const version = info.data?.version;
  const modal = pickConnectionModal({
    inMainLayout,
    newLocalCore: offer !== null,
    httpBlocked:
      core !== null && info.isError && isMixedContent(window.location.protocol, core.protocol),
    coreNotSetUp: info.data?.is_setup === false,
    connectionError: core !== null && status === 'error' && !onFleetHome,
    updateRequired: version !== undefined && versionOutcome(version).kind === 'update-required',
    betaCore:
      version !== undefined && isBetaVersion(version) && !betaAcknowledged && !betaSeen(version),
    dismissed: dismissedNow,
  });

  const coreAddress = core ? `${formatHost(core.address)}:${core.port}` : '';
  const coreVersion = version ?? '?';
  const betaVersion = version ?? '';
  const dashboardVersion = HEARTH_VERSION;

  const closeWith = (action: () => void) => (open: boolean) => {
    if (!open) action();
  };

  switch (modal) {
    case null:
      return null;
    case 'new-local-core': {
      if (!offer) return null;
      const signedIn = getToken(offer.target) !== null;
      const setUp = () => {
        queryClient.setQueryData(getCoreInfoQueryOptions(offer.target).queryKey, offer.info);
        selectCore(offer.target);
        void navigate(routeAfterCoreChosen(offer.info.is_setup, signedIn));
      };
      return (
        <Modal
          open
          onOpenChange={closeWith(skip)}
          title={t`New Local Core Detected`}
          description={
            <LocalCoreDescription
              name={offer.info.core_name || null}
              address={`${formatHost(offer.target.address)}:${offer.target.port}`}
              isSetup={offer.info.is_setup}
            />
          }
          actions={
            <>
              <Button onClick={skip}>
                <Trans>Skip</Trans>
              </Button>
              <Button variant="primary" onClick={setUp}>
                <LocalCoreActionLabel action={localCoreAction(offer.info.is_setup, signedIn)} />
              </Button>
            </>
          }
        />
      );
    }
    case 'http-error':
      return (
        <Modal
          open
          onOpenChange={closeWith(() => dismiss('http-error'))}
          title={t`Cannot Reach the Core over HTTP`}
          description={t`This page was loaded over HTTPS but the core speaks plain HTTP, so the browser blocks the connection. Allow insecure content for this site in the browser's site settings, or connect to the core over HTTPS.`}
          actions={
            <>
              <Button onClick={() => dismiss('http-error')}>
                <Trans>Dismiss</Trans>
              </Button>
              <Button variant="primary" onClick={() => void navigate('/login/core/select')}>
                <Trans>Change Core</Trans>
              </Button>
            </>
          }
        />
      );
    case 'setup-required':
      return (
        <Modal
          open
          onOpenChange={closeWith(() => dismiss('setup-required'))}
          title={t`Setup Required`}
          description={t`This core has no owner yet. Create the owner account with the setup key the core printed when it started.`}
          actions={
            <>
              <Button onClick={() => void navigate('/login/core/select')}>
                <Trans>Change Core</Trans>
              </Button>
              <Button variant="primary" onClick={() => void navigate('/login/core/first_setup')}>
                <Trans>Setup</Trans>
              </Button>
            </>
          }
        />
      );
    case 'connection-error':
      return (
        <Modal
          open
          onOpenChange={closeWith(() => dismiss('connection-error'))}
          title={t`Core Connection Error`}
          actionsLayout="stack"
          description={
            <Trans>
              The dashboard cannot reach the core at{' '}
              <span className="font-mono text-fg">{coreAddress}</span>. Make sure it is running and
              reachable from this browser.
            </Trans>
          }
          actions={
            <>
              <Button onClick={() => void navigate('/login/core/select')}>
                <Trans>Back to Core selection</Trans>
              </Button>
              <Button variant="primary" onClick={() => dismiss('connection-error')}>
                <Trans>Continue with current Core</Trans>
              </Button>
            </>
          }
        />
      );
    case 'update-required':
      return (
        <Modal
          open
          onOpenChange={closeWith(() => dismiss('update-required'))}
          title={t`Update Required`}
          description={t`The core runs version ${coreVersion}, which this dashboard (version ${dashboardVersion}) cannot work with reliably. Update the core, or connect to another one.`}
          actions={
            <>
              <Button onClick={() => dismiss('update-required')}>
                <Trans>Continue anyway</Trans>
              </Button>
              <Button variant="primary" onClick={() => void navigate('/login/core/select')}>
                <Trans>Change Core</Trans>
              </Button>
            </>
          }
        />
      );
    case 'beta-thanks': {
      const acknowledge = () => {
        setBetaAcknowledged(true);
        try {
          if (version) localStorage.setItem(BETA_SEEN_KEY, version);
        } catch {
          // Shown again next time; harmless.
        }
      };
      return (
        <Modal
          open
          onOpenChange={closeWith(acknowledge)}
          title={t`Thanks for Trying the Beta`}
          description={t`This core runs a beta release (${betaVersion}). Thank you for testing it! If something looks wrong, please report it.`}
          actions={
            <Button variant="primary" onClick={acknowledge}>
              <Trans>Continue</Trans>
            </Button>
          }
        />
      );
    }
  }
}
