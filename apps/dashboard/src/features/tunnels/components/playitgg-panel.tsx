import { useState } from 'react';
import { CircleHelp, ExternalLink } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { toUserMessage } from '@/lib/errors.ts';
import { useCurrentCore } from '@/lib/session.ts';
import type { CoreConnection } from '@/lib/session.ts';
import { getRunnerStatusQueryOptions, useRunnerStatus } from '../api/get-runner-status.ts';
import { getTunnelsQueryOptions, useTunnels } from '../api/get-tunnels.ts';
import { useStartRunnerMutation } from '../api/start-runner.ts';
import { useStopRunnerMutation } from '../api/stop-runner.ts';
import { getSignedUpQueryOptions, useSignedUp } from '../api/verify-key.ts';
import { toggleAction } from '../runner-status.ts';
import { tunnelListView } from '../tunnel-list-view.ts';
import { PlayitggHelpDialog } from './playitgg-help-dialog.tsx';
import { RunnerCard } from './runner-card.tsx';
import { SignupDialog } from './signup-dialog.tsx';
import { TunnelList } from './tunnel-list.tsx';

/** Where tunnels are created and edited (the core never creates tunnels, core-api.md §3.14). */
export const PLAYIT_TUNNELS_URL = 'https://playit.gg/account/tunnels';

interface TabInstance {
  name: string;
  port: number;
}

function Manager({ core, instance }: { core: CoreConnection; instance: TabInstance }) {
  const queryClient = useQueryClient();
  const status = useRunnerStatus(true);
  const signedUp = useSignedUp(true);
  const tunnels = useTunnels(signedUp.data === true);
  const start = useStartRunnerMutation();
  const stop = useStopRunnerMutation();
  const [setupOpen, setSetupOpen] = useState(false);

  const toggle = () => {
    const action = toggleAction(status.data ?? 'Stopped', signedUp.data);
    start.reset();
    stop.reset();
    if (action === 'setup') setSetupOpen(true);
    else if (action === 'start') start.mutate(core);
    else stop.mutate(core);
  };

  const refresh = () => {
    for (const options of [
      getSignedUpQueryOptions(core, true),
      getTunnelsQueryOptions(core, true),
      getRunnerStatusQueryOptions(core, true),
    ])
      void queryClient.invalidateQueries({ queryKey: options.queryKey });
  };

  const runnerError = start.error ?? stop.error ?? status.error;
  return (
    <>
      <RunnerCard
        status={status.data}
        disabled={signedUp.isPending || start.isPending || stop.isPending}
        error={runnerError ? toUserMessage(runnerError) : null}
        onToggle={toggle}
      />
      <TunnelList
        view={tunnelListView(signedUp, tunnels, toUserMessage)}
        instance={instance}
        refreshing={signedUp.isFetching || tunnels.isFetching}
        onRefresh={refresh}
      />
      <SignupDialog core={core} open={setupOpen} onOpenChange={setSetupOpen} />
    </>
  );
}

/**
 * The Playitgg tab (dashboard.md §2, §4): the tunnelling runner, the sign-up dialog and the
 * account's tunnels. The core lets only the owner use playit, so nobody else is asked anything.
 */
export function PlayitggPanel({
  instance,
  canManage,
}: {
  instance: TabInstance;
  canManage: boolean;
}) {
  const core = useCurrentCore();
  const [helpOpen, setHelpOpen] = useState(false);
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-6 py-8">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h2 className="text-2xl font-semibold tracking-tight">
            <Trans>Playitgg</Trans>
          </h2>
          <p className="text-sm text-muted">
            <Trans>
              Players outside your network join through a playit.gg tunnel, without port forwarding.
            </Trans>
          </p>
        </div>
        <div className="flex items-center gap-2">
          <a
            href={PLAYIT_TUNNELS_URL}
            target="_blank"
            rel="noreferrer"
            className={buttonClasses('secondary', 'sm')}
          >
            <Trans>Manage tunnels on playit.gg</Trans>
            <ExternalLink aria-hidden className="size-3.5" />
          </a>
          <Button size="sm" variant="ghost" onClick={() => setHelpOpen(true)}>
            <CircleHelp aria-hidden className="size-4" />
            <Trans>Help</Trans>
          </Button>
        </div>
      </header>
      {canManage && core ? (
        <Manager core={core} instance={instance} />
      ) : (
        <p className="rounded-lg border border-line bg-panel px-5 py-8 text-center text-[13px] text-muted">
          <Trans>Only the owner can use the Playit integration</Trans>
        </p>
      )}
      <PlayitggHelpDialog open={helpOpen} onOpenChange={setHelpOpen} />
    </div>
  );
}
