import { useEffect, useState } from 'react';
import { BookOpen, PlugZap } from 'lucide-react';
import { Trans } from '@lingui/react/macro';
import { DEFAULT_CORE_PORT, HEARTH_VERSION, LOCAL_CORE_ADDRESS } from '@hearth/protocol';
import { Button } from '@/components/ui/button.tsx';
import { useDesktopBridge } from '@/lib/desktop-bridge.ts';
import type { DesktopBridge } from '@/lib/desktop-bridge.ts';
import { selectCore, setToken } from '@/lib/session.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { WIKI_URL } from '../links.ts';
import { DownloadCoreLink } from './download-core-link.tsx';

/** The core embedded in the desktop wrapper always listens here (core-api.md §3.19). */
export const DESKTOP_CORE: CoreConnection = {
  address: LOCAL_CORE_ADDRESS,
  port: DEFAULT_CORE_PORT,
  protocol: 'http',
  apiVersion: 'v1',
};

function useBridgeSetupState(bridge: DesktopBridge | null): boolean | null {
  const [isSetup, setIsSetup] = useState<boolean | null>(null);
  useEffect(() => {
    if (!bridge) return undefined;
    let cancelled = false;
    bridge.isSetup().then(
      (value) => {
        if (!cancelled) setIsSetup(value);
      },
      () => {
        if (!cancelled) setIsSetup(false);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [bridge]);
  return isSetup;
}

/** The first-run welcome (dashboard.md §2): beta notice, version, wiki, download and connect. */
export function WelcomePanel({
  onConnect,
  onNavigate,
}: {
  onConnect: () => void;
  onNavigate: (path: string) => void;
}) {
  const bridge = useDesktopBridge();
  const isSetup = useBridgeSetupState(bridge);
  const version = HEARTH_VERSION;

  const continueDesktop = async () => {
    if (!bridge) return;
    selectCore(DESKTOP_CORE);
    if (!isSetup) {
      onNavigate('/login/core/first_setup');
      return;
    }
    try {
      setToken(DESKTOP_CORE, await bridge.getOwnerJwt());
      onNavigate('/');
    } catch {
      // No owner token from the wrapper: sign in with a password instead.
      onNavigate('/login/user/select');
    }
  };

  return (
    <div className="flex flex-col gap-5">
      <p className="rounded-md border border-warning/30 bg-warning/10 px-3 py-2.5 text-[13px] leading-relaxed text-warning">
        <Trans>
          Hearth is in beta. Things may break between versions, so keep backups of the worlds you
          care about.
        </Trans>
      </p>
      <p className="text-sm leading-relaxed text-muted">
        <Trans>
          Hearth manages game servers on your own machines. The dashboard talks to a <em>core</em>{' '}
          that runs next to your servers. Connect to a core you already run, or download one first.
        </Trans>
      </p>
      <div className="flex flex-col gap-3">
        {bridge && isSetup !== null ? (
          <Button variant="primary" className="w-full" onClick={() => void continueDesktop()}>
            {isSetup ? <Trans>Continue</Trans> : <Trans>Setup</Trans>}
          </Button>
        ) : null}
        <Button variant={bridge ? 'secondary' : 'primary'} className="w-full" onClick={onConnect}>
          <PlugZap aria-hidden className="size-4" />
          <Trans>Connect to an existing core</Trans>
        </Button>
        <DownloadCoreLink variant="secondary" className="w-full" />
      </div>
      <div className="flex items-center justify-between border-t border-line pt-4 text-[13px] text-faint">
        <a
          href={WIKI_URL}
          target="_blank"
          rel="noreferrer"
          className="inline-flex items-center gap-1.5 hover:text-fg"
        >
          <BookOpen aria-hidden className="size-4" />
          <Trans>Wiki</Trans>
        </a>
        <span>
          <Trans>
            Version <span className="font-mono text-muted">{version}</span>
          </Trans>
        </span>
      </div>
    </div>
  );
}
