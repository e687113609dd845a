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

const EXPLAIN: Record<RunnerStatus, string> = {
  Stopped: 'Your tunnels carry no players while the runner is stopped.',
  Loading: 'Connecting to playit.gg…',
  Started: 'Connected to playit.gg: your tunnels carry players to this machine.',
};

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
  const shown = status ?? 'Stopped';
  return (
    <section
      aria-label="Runner"
      className="flex flex-col gap-3 rounded-xl border border-line bg-panel px-5 py-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex min-w-0 flex-col gap-0.5">
          <h2 className="text-sm font-medium text-fg">Runner</h2>
          <p className="text-[13px] text-muted">
            {status ? EXPLAIN[status] : 'Asking the core whether the runner is running…'}
          </p>
        </div>
        <div className="flex items-center gap-3">
          <span role="status" aria-label="Runner status">
            <Badge tone={TONE[shown]} pulse={shown === 'Loading'}>
              {shown}
            </Badge>
          </span>
          <Switch
            label="Playitgg runner"
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
