import type { CausedBy } from '@hearth/protocol';
import { sleep } from '../../lib/background-work.ts';
import type { InstanceRepository } from '../../repositories/instance-repository.ts';
import { isSameProcess, signalTree } from '../supervisor/process-tree.ts';
import type { InstanceEntry } from './instance-registry.ts';

const SYSTEM: CausedBy = { type: 'System' };

/**
 * A process record at boot means the core died while this server ran. Its pipes are gone, so it
 * cannot be adopted: ask it to stop (SIGTERM lets Minecraft save), kill it after the grace period, and
 * report it. Only the process the core recorded — same pid, kernel start time and executable — is
 * ever signalled; the record lives in SQLite, where neither a game nor a file user can write.
 */
export async function settleOrphan(
  entry: InstanceEntry,
  repo: InstanceRepository,
  stopTimeoutMs: number,
): Promise<void> {
  const recorded = repo.readProcess(entry.uuid);
  if (!recorded) return;
  const stillOurs = () => isSameProcess(recorded.pid, recorded);
  const same = stillOurs();
  if (same) {
    signalTree(recorded.pid, 'SIGTERM');
    const deadline = Date.now() + stopTimeoutMs;
    while (stillOurs() && Date.now() < deadline) await sleep(100);
    if (stillOurs()) signalTree(recorded.pid, 'SIGKILL');
  }
  repo.removeProcess(entry.uuid);
  entry.runtime.emit(
    { type: 'StateTransition', to: 'Stopped' },
    SYSTEM,
    same
      ? 'The server was still running when the core stopped unexpectedly; it has been stopped'
      : 'The core stopped unexpectedly while this server ran',
  );
}
