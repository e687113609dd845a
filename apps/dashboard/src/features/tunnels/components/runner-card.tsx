import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { BadgeTone } from '@/components/ui/badge.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { FormError } from '@/components/ui/field.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import type { RunnerStatus } from '../runner-status.ts';

/** dashboard.md §2: Stopped gray, Loading yellow, Started green. */
const TONE: Record<RunnerStatus, BadgeTone> = {
  Stopped: 'neutral',
  Loading: 'warning',
  Started: 'success',
};

const EXPLAIN = {
  Stopped: msg`Your tunnels carry no players while the runner is stopped.`,
  Loading: msg`Connecting to playit.gg…`,
  Started: msg`Connected to playit.gg: your tunnels carry players to this machine.`,
} as const;

/** The status badge's word. */
const STATUS_LABEL = {
  Stopped: msg`Stopped`,
  Loading: msg`Loading`,
  Started: msg`Started`,
} as const;

/** The tunnelling runner: a start/stop toggle and its status badge. */
export function RunnerCard({
  status,
  disabled,
  error,
  onToggle,
}: {
  /** undefined until the core has answered. */
  status: RunnerStatus | undefined;
  disabled: boolean;
  error: string | null;
  onToggle: () => void;
}) {
  const { t, i18n } = useLingui();
  const shown = status ?? 'Stopped';
  return (
    <section
      aria-label={t`Runner`}
      className="flex flex-col gap-3 rounded-xl border border-line bg-panel px-5 py-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex min-w-0 flex-col gap-0.5">
          <h2 className="text-sm font-medium text-fg">
            <Trans>Runner</Trans>
          </h2>
          <p className="text-[13px] text-muted">
            {status ? i18n._(EXPLAIN[status]) : t`Asking the core whether the runner is running…`}
          </p>
        </div>
        <div className="flex items-center gap-3">
          <span role="status" aria-label={t`Runner status`}>
            <Badge tone={TONE[shown]} pulse={shown === 'Loading'}>
              {i18n._(STATUS_LABEL[shown])}
            </Badge>
          </span>
          <Switch
            label={t`Playitgg runner`}
            checked={shown !== 'Stopped'}
            disabled={disabled || status === undefined}
            onCheckedChange={onToggle}
          />
        </div>
      </div>
      <FormError message={error} />
    </section>
  );
}
