import { memo } from 'react';
import { Tooltip } from 'radix-ui';
import { Trans } from '@lingui/react/macro';
import type { InstanceState } from '@hearth/protocol';
import { Badge } from '@/components/ui/badge.tsx';
// The runtime hook itself (what the macro's useLingui runs): it only subscribes to the language.
import { useLingui as useLanguage } from '@/lib/i18n/lingui-react.tsx';
import { INDICATOR_VIEWS, instanceStateLabel, instanceStateTone } from '../console-status.ts';
import type { ConsoleIndicator } from '../console-status.ts';
import { ConsoleSearch } from './console-search.tsx';
import type { ConsoleSearchProps } from './console-search.tsx';

/**
 * The console status dot; its tooltip (and accessible name) is the spec's status text. A status,
 * not a control: out of the Tab order (a screen reader reads its name; it was a Tab stop that did
 * nothing, and a target under 44 px).
 */
export function ConsoleStatusIndicator({ indicator }: { indicator: ConsoleIndicator }) {
  // Re-rendered on a language change, so the view's texts are read again.
  useLanguage();
  const view = INDICATOR_VIEWS[indicator];
  return (
    <Tooltip.Provider delayDuration={200}>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>
          <span role="status" aria-label={view.tooltip} className="rounded-full">
            <Badge tone={view.tone} pulse={indicator === 'live'}>
              {view.label}
            </Badge>
          </span>
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content
            side="bottom"
            sideOffset={6}
            className="z-50 max-w-72 rounded-md border border-line bg-raised px-2.5 py-1.5 text-xs leading-relaxed text-fg shadow-lg"
          >
            {view.tooltip}
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}

export interface ConsoleHeaderProps extends ConsoleSearchProps {
  instanceState: InstanceState;
  indicator: ConsoleIndicator;
}

/**
 * dashboard.md §2 Console: the header with the instance's state badge, the console status and the
 * search controls. Memoised: it does not redraw when lines arrive.
 */
export const ConsoleHeader = memo(function ConsoleHeader({
  instanceState,
  indicator,
  ...search
}: ConsoleHeaderProps) {
  useLanguage();
  return (
    <header className="flex flex-wrap items-center gap-3">
      <h2 className="text-base font-semibold tracking-tight text-fg">
        <Trans>Console</Trans>
      </h2>
      <Badge tone={instanceStateTone(instanceState)}>{instanceStateLabel(instanceState)}</Badge>
      <ConsoleStatusIndicator indicator={indicator} />
      <div className="w-full wide:ml-auto wide:w-auto">
        <ConsoleSearch {...search} />
      </div>
    </header>
  );
});
