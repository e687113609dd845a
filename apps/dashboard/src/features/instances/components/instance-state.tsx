import { i18n } from '@lingui/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
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

const STATE_LABEL: Record<InstanceState, MessageDescriptor> = {
  Running: msg`Running`,
  Starting: msg`Starting`,
  Stopping: msg`Stopping`,
  Stopped: msg`Stopped`,
  Error: msg`Error`,
};

/** An instance state in words, in the active language. */
export function stateLabel(state: InstanceState): string {
  return i18n._(STATE_LABEL[state]);
}

const DOT: Record<BadgeTone, string> = {
  success: 'bg-success',
  warning: 'bg-warning animate-pulse',
  neutral: 'bg-faint',
  danger: 'bg-danger',
};

/** The sidebar's state dot; the state is also given in words for screen readers. */
export function StateDot({ state }: { state: InstanceState }) {
  const { i18n } = useLingui();
  const label = i18n._(STATE_LABEL[state]);
  return (
    <>
      <span
        aria-hidden
        title={label}
        className={cn('size-2 shrink-0 rounded-full', DOT[TONE[state]])}
      />
      <span className="sr-only">{label}</span>
    </>
  );
}

export function StateBadge({ state }: { state: InstanceState }) {
  const { i18n } = useLingui();
  return (
    <Badge tone={TONE[state]} pulse={state === 'Starting' || state === 'Stopping'}>
      {i18n._(STATE_LABEL[state])}
    </Badge>
  );
}
