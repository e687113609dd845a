import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { InstanceInfo } from '@hearth/protocol';
import { msg } from '@lingui/core/macro';

// The instance tabs of dashboard.md §2, in spec order, then Hearth's own (Backups, Schedules,
// Players, Add-ons),
// chosen from the second path segment.
// Each feature registers its screen here (app/ is the only place that combines features);
// a tab without a screen shows "{tab} not found".

export interface InstanceTabProps {
  instance: InstanceInfo;
}

export const INSTANCE_TABS = [
  { id: 'overview', label: msg`Overview` },
  { id: 'settings', label: msg`Settings` },
  { id: 'console', label: msg`Console` },
  { id: 'files', label: msg`Files` },
  { id: 'macros', label: msg`Macros` },
  { id: 'logs', label: msg`Event Logs` },
  { id: 'playitgg', label: msg`Playitgg` },
  { id: 'backups', label: msg`Backups` },
  { id: 'schedules', label: msg`Schedules` },
  { id: 'players', label: msg`Players` },
  { id: 'addons', label: msg`Add-ons` },
] as const;

export type InstanceTabId = (typeof INSTANCE_TABS)[number]['id'];

type TabScreen = LazyExoticComponent<ComponentType<InstanceTabProps>>;

export const INSTANCE_TAB_SCREENS: Partial<Record<InstanceTabId, TabScreen>> = {
  overview: lazy(async () => ({
    default: (await import('./instance-dashboard-overview.tsx')).InstanceOverviewTab,
  })),
  settings: lazy(async () => ({
    default: (await import('./instance-dashboard-settings.tsx')).InstanceSettingsTab,
  })),
  console: lazy(async () => ({
    default: (await import('./instance-console-tab.tsx')).InstanceConsoleTab,
  })),
  files: lazy(async () => ({
    default: (await import('./instance-files-tab.tsx')).InstanceFilesTab,
  })),
  macros: lazy(async () => ({
    default: (await import('./instance-macros-tab.tsx')).InstanceMacrosTab,
  })),
  logs: lazy(async () => ({ default: (await import('./instance-logs-tab.tsx')).InstanceLogsTab })),
  backups: lazy(async () => ({
    default: (await import('./instance-backups-tab.tsx')).InstanceBackupsTab,
  })),
  schedules: lazy(async () => ({
    default: (await import('./instance-schedules-tab.tsx')).InstanceSchedulesTab,
  })),
  players: lazy(async () => ({
    default: (await import('./instance-players-tab.tsx')).InstancePlayersTab,
  })),
  addons: lazy(async () => ({
    default: (await import('./instance-addons-tab.tsx')).InstanceAddonsTab,
  })),
  playitgg: lazy(async () => ({
    default: (await import('./instance-playitgg-tab.tsx')).InstancePlayitggTab,
  })),
};
