import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { Plus } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { LEFT_NAV_WIDTH_DEFAULT, LEFT_NAV_WIDTH_MAX, LEFT_NAV_WIDTH_MIN } from '@hearth/protocol';
import type { InstanceInfo } from '@hearth/protocol';
import { Button } from '@/components/ui/button.tsx';
import { ResizeHandle, useResizableWidth } from '@/components/ui/resizable.tsx';
import { cn } from '@/lib/cn.ts';
import { useNarrowLayout } from '@/lib/use-media-query.ts';
import type { Viewer } from '@/lib/permissions.ts';
import { GameIcon, gameLabel } from './game-icon.tsx';
import { InstanceActionsBar } from './instance-actions-bar.tsx';
import { StateBadge } from './instance-state.tsx';

export const NAV_WIDTH_KEY = 'hearth.instanceNavWidth';
const LIMITS = {
  min: LEFT_NAV_WIDTH_MIN,
  max: LEFT_NAV_WIDTH_MAX,
  initial: LEFT_NAV_WIDTH_DEFAULT,
};

export interface NavTab {
  id: string;
  label: string;
}

export interface InstanceNavProps {
  instance: InstanceInfo | null;
  viewer: Viewer | undefined;
  tabs: readonly NavTab[];
  activeTab: string;
  onSelectTab: (tab: string) => void;
  canCreate: boolean;
  onNewInstance: () => void;
}

function SelectedInstancePanel({
  instance,
  viewer,
}: {
  instance: InstanceInfo;
  viewer: Viewer | undefined;
}) {
  const { t } = useLingui();
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-line bg-bg/60 p-3">
      <div className="flex min-w-0 items-center gap-2.5">
        <GameIcon game={instance.game_type} size="md" />
        <div className="min-w-0 flex-1">
          <div className="truncate text-sm font-semibold" title={instance.name}>
            {instance.name}
          </div>
          <div className="truncate text-xs text-faint">{gameLabel(instance.game_type)}</div>
        </div>
      </div>
      <div role="status" aria-label={t`Instance state`}>
        <StateBadge state={instance.state} />
      </div>
      <InstanceActionsBar instance={instance} viewer={viewer} />
    </div>
  );
}

function TabLink({
  tab,
  active,
  onSelect,
}: {
  tab: NavTab;
  active: boolean;
  onSelect: () => void;
}): ReactNode {
  return (
    <button
      type="button"
      aria-current={active ? 'page' : undefined}
      onClick={onSelect}
      className={cn(
        'focus-inset flex h-9 w-full items-center rounded-md px-3 text-left text-sm transition-colors',
        active ? 'bg-hover font-medium text-fg' : 'text-muted hover:bg-hover/60 hover:text-fg',
      )}
    >
      {tab.label}
    </button>
  );
}

/**
 * The instance dashboard's left nav (dashboard.md §2): 200–280 px, default 220, remembered. Below
 * the narrow-layout width it becomes a bar over the tab instead (InstanceTabStrip).
 */
export function InstanceNav(props: InstanceNavProps) {
  const narrow = useNarrowLayout();
  return narrow ? <InstanceTabStrip {...props} /> : <InstanceSideNav {...props} />;
}

function InstanceSideNav({
  instance,
  viewer,
  tabs,
  activeTab,
  onSelectTab,
  canCreate,
  onNewInstance,
}: InstanceNavProps) {
  const { t } = useLingui();
  const [width, setWidth] = useResizableWidth(NAV_WIDTH_KEY, LIMITS);
  return (
    <aside
      aria-label={t`Instance navigation`}
      style={{ width }}
      className="relative flex shrink-0 flex-col border-r border-line bg-panel/60"
    >
      <div className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto p-3">
        <section aria-label={t`Selected instance`} className="flex flex-col gap-2">
          <h2 className="px-1 text-[11px] font-semibold tracking-wider text-faint uppercase">
            <Trans>SELECTED INSTANCE</Trans>
          </h2>
          {instance ? <SelectedInstancePanel instance={instance} viewer={viewer} /> : null}
        </section>
        {instance ? (
          <nav aria-label={t`Instance tabs`} className="flex flex-col gap-0.5">
            {tabs.map((tab) => (
              <TabLink
                key={tab.id}
                tab={tab}
                active={tab.id === activeTab}
                onSelect={() => onSelectTab(tab.id)}
              />
            ))}
          </nav>
        ) : null}
      </div>
      <div className="border-t border-line p-3">
        <NewInstanceButton canCreate={canCreate} onNewInstance={onNewInstance} className="w-full" />
      </div>
      <ResizeHandle
        label={t`Resize instance navigation`}
        width={width}
        limits={LIMITS}
        onResize={setWidth}
      />
    </aside>
  );
}

function NewInstanceButton({
  canCreate,
  onNewInstance,
  className,
}: {
  canCreate: boolean;
  onNewInstance: () => void;
  className?: string;
}) {
  const { t } = useLingui();
  return (
    <Button className={className} size="sm" disabled={!canCreate} onClick={onNewInstance}>
      {canCreate ? <Plus aria-hidden className="size-4" /> : null}
      {canCreate ? t`New instance...` : t`No permission`}
    </Button>
  );
}

/**
 * The narrow layout's instance bar: the selected instance with its state and actions, then the
 * tabs in one row that scrolls sideways (the current one kept in view), each 44 px high.
 */
function InstanceTabStrip({
  instance,
  viewer,
  tabs,
  activeTab,
  onSelectTab,
  canCreate,
  onNewInstance,
}: InstanceNavProps) {
  const { t } = useLingui();
  const active = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    active.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [activeTab]);
  return (
    <aside
      aria-label={t`Instance navigation`}
      className="flex shrink-0 flex-col gap-2 border-b border-line bg-panel/60 px-3 pt-3"
    >
      {instance ? (
        <section aria-label={t`Selected instance`} className="flex flex-col gap-2">
          <div className="flex min-w-0 items-center gap-2.5">
            <GameIcon game={instance.game_type} size="md" />
            <div className="min-w-0 flex-1">
              {/* A name and its game, not paragraphs: a bold <p> over a small one reads as a
                  heading (axe: p-as-heading); the section is already named. */}
              <div className="truncate text-sm font-semibold" title={instance.name}>
                {instance.name}
              </div>
              <div className="truncate text-xs text-faint">{gameLabel(instance.game_type)}</div>
            </div>
            <div role="status" aria-label={t`Instance state`}>
              <StateBadge state={instance.state} />
            </div>
          </div>
          <InstanceActionsBar instance={instance} viewer={viewer} />
        </section>
      ) : null}
      <div className="flex items-end gap-2">
        {instance ? (
          <nav aria-label={t`Instance tabs`} className="-mb-px min-w-0 flex-1 overflow-x-auto">
            <div className="flex w-max gap-1">
              {tabs.map((tab) => {
                const current = tab.id === activeTab;
                return (
                  <button
                    key={tab.id}
                    ref={current ? active : undefined}
                    type="button"
                    aria-current={current ? 'page' : undefined}
                    onClick={() => onSelectTab(tab.id)}
                    className={cn(
                      'focus-inset h-11 shrink-0 border-b-2 px-3 text-sm whitespace-nowrap',
                      current
                        ? 'border-accent font-medium text-fg'
                        : 'border-transparent text-muted hover:text-fg',
                    )}
                  >
                    {tab.label}
                  </button>
                );
              })}
            </div>
          </nav>
        ) : (
          <div className="flex-1" />
        )}
        <NewInstanceButton canCreate={canCreate} onNewInstance={onNewInstance} className="mb-1.5" />
      </div>
    </aside>
  );
}
