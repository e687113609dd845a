import type { ReactNode } from 'react';
import { t as tGlobal } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { InstanceInfo } from '@hearth/protocol';
import { instanceNameError } from '@/lib/name-problems.ts';
import { formatSize } from '@/lib/i18n/format.ts';
import { viewerCan } from '@/lib/permissions.ts';
import type { Viewer } from '@/lib/permissions.ts';
import { useInstanceDisk } from '../api/get-instance-disk.ts';
import { useUpdateInstanceFieldMutation } from '../api/update-instance-field.ts';
import { CopyAddress } from './copy-address.tsx';
import { EditableText } from './editable-text.tsx';
import { GameIcon, gameLabel } from './game-icon.tsx';
import { StateBadge } from './instance-state.tsx';
import { MonitorCharts } from './monitor-charts.tsx';
import { PlayerList } from './player-list.tsx';

export interface OverviewTabProps {
  instance: InstanceInfo;
  viewer: Viewer | undefined;
  /** The global setting `domain` when set, else the core's address. */
  host: string;
  /** /info total_ram in bytes (the memory chart's maximum). */
  totalRam: number | null | undefined;
  /** The actions on an online player (another feature's; absent without the permission). */
  playerActions?: (name: string) => ReactNode;
}

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-lg border border-line bg-panel px-4 py-3">
      <dt className="text-xs font-medium text-faint">{label}</dt>
      <dd className="min-w-0 text-sm font-medium">{children}</dd>
    </div>
  );
}

/** The Overview tab (dashboard.md §2). */
export function OverviewTab({ instance, viewer, host, totalRam, playerActions }: OverviewTabProps) {
  const { t } = useLingui();
  const update = useUpdateInstanceFieldMutation();
  const disk = useInstanceDisk(instance.uuid);
  const editable = viewerCan(viewer, { type: 'AccessSetting', instance: instance.uuid });
  const save = (field: 'name' | 'description') => (value: string) =>
    update.mutateAsync({ uuid: instance.uuid, field, value });
  const players =
    instance.player_count === null
      ? tGlobal`N/A`
      : `${instance.player_count}${instance.max_player_count === null ? '' : ` / ${instance.max_player_count}`}`;
  const files = disk.data?.files ?? 0;

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 p-4 wide:p-6">
      <header className="flex items-start gap-4">
        <GameIcon game={instance.game_type} size="lg" />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <EditableText
            label={t`Instance name`}
            value={instance.name}
            editable={editable}
            save={save('name')}
            validate={instanceNameError}
            className="text-xl font-semibold"
          />
          <EditableText
            label={t`Description`}
            value={instance.description}
            placeholder={t`No description`}
            editable={editable}
            save={save('description')}
            className="text-sm text-muted"
          />
        </div>
        <StateBadge state={instance.state} />
      </header>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        <Stat label={t`Game`}>{gameLabel(instance.game_type)}</Stat>
        <Stat label={t`Version`}>{instance.version || t`Unknown`}</Stat>
        <Stat label={t`Players`}>
          <span aria-label={t`Player count ${players}`}>{players}</span>
        </Stat>
        <Stat label={t`Address`}>
          <CopyAddress address={`${host}:${instance.port}`} />
        </Stat>
        {disk.data ? (
          <Stat label={t`Disk used`}>
            <span title={t`${files} files`}>{formatSize(disk.data.folder_bytes)}</span>
          </Stat>
        ) : null}
      </dl>
      <MonitorCharts uuid={instance.uuid} totalRam={totalRam} />
      <PlayerList
        players={instance.player_list}
        {...(playerActions ? { actions: playerActions } : {})}
      />
    </div>
  );
}
