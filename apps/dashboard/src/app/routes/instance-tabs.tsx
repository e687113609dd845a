import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { InstanceInfo } from '@hearth/protocol';

// The instance tabs of dashboard.md §2, in spec order, then Hearth's own (Backups, Schedules,
// Players, Add-ons),
// chosen from the second path segment.
// Each feature registers its screen here (app/ is the only place that combines features);
// a tab without a screen shows "{tab} not found".

export interface InstanceTabProps {
  instance: InstanceInfo;
}

export const INSTANCE_TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'settings', label: 'Settings' },
  { id: 'console', label: 'Console' },
  { id: 'files', label: 'Files' },
  { id: 'macros', label: 'Macros' },
  { id: 'logs', label: 'Event Logs' },
  { id: 'playitgg', label: 'Playitgg' },
  { id: 'backups', label: 'Backups' },
  { id: 'schedules', label: 'Schedules' },
  { id: 'players', label: 'Players' },
  { id: 'addons', label: 'Add-ons' },
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
