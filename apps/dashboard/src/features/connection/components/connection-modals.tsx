import { Suspense, lazy, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { HEARTH_VERSION, formatHost } from '@hearth/protocol';
import { Button } from '@/components/ui/button.tsx';
import type { ModalProps } from '@/components/ui/dialog.tsx';
import { useConnectionStatus } from '@/lib/connection-status.ts';
import { coreKey, getToken, selectCore, useCurrentCore } from '@/lib/session.ts';
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
  const navigate = useAppNavigate();
  const queryClient = useQueryClient();
  const core = useCurrentCore();
  const coreId = core ? `${core.protocol}://${coreKey(core)}` : '';
  const info = useCoreInfo();
  const status = useConnectionStatus();
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
    connectionError: core !== null && status === 'error',
    updateRequired: version !== undefined && versionOutcome(version).kind === 'update-required',
    betaCore:
      version !== undefined && isBetaVersion(version) && !betaAcknowledged && !betaSeen(version),
    dismissed: dismissedNow,
  });

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
          title="New Local Core Detected"
          description={
            <>
              A core{offer.info.core_name ? ` named “${offer.info.core_name}”` : ''} is running at{' '}
              <span className="font-mono text-fg">{`${formatHost(offer.target.address)}:${offer.target.port}`}</span>
              {offer.info.is_setup
                ? '. Add it to connect to it.'
                : ' and has not been set up yet. Set it up now?'}
            </>
          }
          actions={
            <>
              <Button onClick={skip}>Skip</Button>
              <Button variant="primary" onClick={setUp}>
                {localCoreAction(offer.info.is_setup, signedIn)}
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
          title="Cannot Reach the Core over HTTP"
          description="This page was loaded over HTTPS but the core speaks plain HTTP, so the browser blocks the connection. Allow insecure content for this site in the browser's site settings, or connect to the core over HTTPS."
          actions={
            <>
              <Button onClick={() => dismiss('http-error')}>Dismiss</Button>
              <Button variant="primary" onClick={() => void navigate('/login/core/select')}>
                Change Core
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
          title="Setup Required"
          description="This core has no owner yet. Create the owner account with the setup key the core printed when it started."
          actions={
            <>
              <Button onClick={() => void navigate('/login/core/select')}>Change Core</Button>
              <Button variant="primary" onClick={() => void navigate('/login/core/first_setup')}>
                Setup
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
          title="Core Connection Error"
          actionsLayout="stack"
          description={
            <>
              The dashboard cannot reach the core at{' '}
              <span className="font-mono text-fg">
                {core ? `${formatHost(core.address)}:${core.port}` : ''}
              </span>
              . Make sure it is running and reachable from this browser.
            </>
          }
          actions={
            <>
              <Button onClick={() => void navigate('/login/core/select')}>
                Back to Core selection
              </Button>
              <Button variant="primary" onClick={() => dismiss('connection-error')}>
                Continue with current Core
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
          title="Update Required"
          description={`The core runs version ${version ?? '?'}, which this dashboard (version ${HEARTH_VERSION}) cannot work with reliably. Update the core, or connect to another one.`}
          actions={
            <>
              <Button onClick={() => dismiss('update-required')}>Continue anyway</Button>
              <Button variant="primary" onClick={() => void navigate('/login/core/select')}>
                Change Core
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
          title="Thanks for Trying the Beta"
          description={`This core runs a beta release (${version ?? ''}). Thank you for testing it! If something looks wrong, please report it.`}
          actions={
            <Button variant="primary" onClick={acknowledge}>
              Continue
            </Button>
          }
        />
      );
    }
  }
}
