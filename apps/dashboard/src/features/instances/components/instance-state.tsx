import type { InstanceState } from '@hearth/protocol';
import { Badge } from '@/components/ui/badge.tsx';
import type { BadgeTone } from '@/components/ui/badge.tsx';
import { cn } from '@/lib/cn.ts';

const TONE: Record<InstanceState, BadgeTone> = {
  Running: 'success',
  Starting: 'warning',
  Stopping: 'warning',
  Stopped: 'neutral',
  Error: 'danger',
};

const DOT: Record<BadgeTone, string> = {
  success: 'bg-success',
  warning: 'bg-warning animate-pulse',
  neutral: 'bg-faint',
  danger: 'bg-danger',
};

/** The sidebar's state dot; the state is also given in words for screen readers. */
export function StateDot({ state }: { state: InstanceState }) {
  return (
    <>
      <span
        aria-hidden
        title={state}
        className={cn('size-2 shrink-0 rounded-full', DOT[TONE[state]])}
      />
      <span className="sr-only">{state}</span>
    </>
  );
}

export function StateBadge({ state }: { state: InstanceState }) {
  return (
    <Badge tone={TONE[state]} pulse={state === 'Starting' || state === 'Stopping'}>
      {state}
    </Badge>
  );
}
