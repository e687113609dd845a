import type { CausedBy } from '@hearth/protocol';
import { sleep } from '../../lib/background-work.ts';
import type { InstanceRepository } from '../../repositories/instance-repository.ts';
import { isAlive, processStartTicks, signalTree } from '../supervisor/process-tree.ts';
import type { InstanceEntry } from './instance-registry.ts';

const SYSTEM: CausedBy = { type: 'System' };

/**
 * A pid record at boot means the core died while this server ran. Its pipes are gone, so it cannot
 * be adopted: ask it to stop (SIGTERM lets Minecraft save), kill it after the grace period, and
 * report it. Only a process whose start time still matches the record is ever signalled.
 */
export async function settleOrphan(
  entry: InstanceEntry,
  repo: InstanceRepository,
  stopTimeoutMs: number,
): Promise<void> {
  const pid = await repo.readPid(entry.dir);
  if (!pid) return;
  const same = pid.start_ticks !== null && processStartTicks(pid.pid) === pid.start_ticks;
  const stillOurs = () => isAlive(pid.pid) && processStartTicks(pid.pid) === pid.start_ticks;
  if (same && isAlive(pid.pid)) {
    signalTree(pid.pid, 'SIGTERM');
    const deadline = Date.now() + stopTimeoutMs;
    while (stillOurs() && Date.now() < deadline) await sleep(100);
    if (stillOurs()) signalTree(pid.pid, 'SIGKILL');
  }
  await repo.removePid(entry.dir);
  entry.runtime.emit(
    { type: 'StateTransition', to: 'Stopped' },
    SYSTEM,
    same
      ? 'The server was still running when the core stopped unexpectedly; it has been stopped'
      : 'The core stopped unexpectedly while this server ran',
  );
}
