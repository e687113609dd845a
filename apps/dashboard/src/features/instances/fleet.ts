import type { InstanceInfo, InstanceState } from '@hearth/protocol';
import { InstanceStateSchema } from '@hearth/protocol';
import { gameLabel } from './components/game-icon.tsx';

// The fleet home (issue 26): every saved core's instances on one screen. Pure, so the filters,
// the per-core counts and the owner-level summary are tested without React.

/** One core's part of the fleet: its key, the name to show, and its instances (null: unknown). */
export interface FleetCore {
  key: string;
  name: string;
  instances: readonly InstanceInfo[] | null;
  /** The core answered neither /info nor its socket. */
  down: boolean;
  warnings: readonly string[];
}

export interface FleetFilter {
  /** null: every state. */
  state: InstanceState | null;
  /** A game label (gameLabel), null: every game. */
  game: string | null;
  /** A core key, null: every core. */
  core: string | null;
  search: string;
}

export const NO_FILTER: FleetFilter = { state: null, game: null, core: null, search: '' };

export const INSTANCE_STATES: readonly InstanceState[] = InstanceStateSchema.options;

/** Whether `instance` of the core named `coreName` passes the filter's state, game and search. */
export function matchesFilter(
  instance: InstanceInfo,
  coreName: string,
  filter: FleetFilter,
): boolean {
  if (filter.state !== null && instance.state !== filter.state) return false;
  const game = gameLabel(instance.game_type);
  if (filter.game !== null && game !== filter.game) return false;
  const words = filter.search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = [instance.name, instance.description, game, coreName, String(instance.port)]
    .join(' ')
    .toLowerCase();
  return words.every((word) => text.includes(word));
}

/** The cores to show, each with only its instances that pass the filter. */
export function filterFleet(cores: readonly FleetCore[], filter: FleetFilter): FleetCore[] {
  return cores
    .filter((core) => filter.core === null || core.key === filter.core)
    .map((core) => ({
      ...core,
      instances:
        core.instances === null
          ? null
          : core.instances.filter((i) => matchesFilter(i, core.name, filter)),
    }));
}

/** How many instances are in each state (states with none are left out). */
export function countByState(
  instances: readonly InstanceInfo[],
): Partial<Record<InstanceState, number>> {
  const counts: Partial<Record<InstanceState, number>> = {};
  for (const instance of instances) counts[instance.state] = (counts[instance.state] ?? 0) + 1;
  return counts;
}

/** Every game label in the fleet, sorted, for the game filter. */
export function fleetGames(cores: readonly FleetCore[]): string[] {
  const games = new Set<string>();
  for (const core of cores)
    for (const instance of core.instances ?? []) games.add(gameLabel(instance.game_type));
  return [...games].sort((a, b) => a.localeCompare(b));
}

export interface FleetSummary {
  playersOnline: number;
  running: number;
  instances: number;
  coresUp: number;
  coresDown: number;
  /** Per core with any: its name and warnings. */
  warnings: { core: string; warnings: readonly string[] }[];
}

/** The owner-level summary over every core (unfiltered). */
export function summarizeFleet(cores: readonly FleetCore[]): FleetSummary {
  const summary: FleetSummary = {
    playersOnline: 0,
    running: 0,
    instances: 0,
    coresUp: 0,
    coresDown: 0,
    warnings: [],
  };
  for (const core of cores) {
    if (core.down) summary.coresDown++;
    else summary.coresUp++;
    if (core.warnings.length > 0)
      summary.warnings.push({ core: core.name, warnings: core.warnings });
    for (const instance of core.instances ?? []) {
      summary.instances++;
      if (instance.state === 'Running') {
        summary.running++;
        summary.playersOnline += instance.player_count ?? 0;
      }
    }
  }
  return summary;
}
