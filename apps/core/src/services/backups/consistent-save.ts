import type { BackupTarget } from './backup-target.ts';

function trySend(target: BackupTarget, command: string): boolean {
  try {
    target.sendCommand(command);
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs `work` with the game's files as consistent as the game allows. Stopped: nothing to do.
 * Running with save hooks: saving off, flush, wait for the save line, work, saving back on — the
 * last step runs even when `work` throws. `live` is true when the files may have changed under
 * the archive (no hooks, no save line within the timeout, or a command could not be sent).
 */
export async function withConsistentSave<T>(
  target: BackupTarget,
  work: () => Promise<T>,
): Promise<{ result: T; live: boolean }> {
  const hooks = target.saveHooks;
  if (!target.isRunning()) return { result: await work(), live: false };
  if (hooks === null) return { result: await work(), live: true };
  let sent = true;
  for (const command of hooks.disable) sent = trySend(target, command) && sent;
  const saved = target.waitForLine(hooks.savedLine, hooks.timeoutMs);
  sent = trySend(target, hooks.flush) && sent;
  const confirmed = sent && (await saved);
  try {
    return { result: await work(), live: !confirmed };
  } finally {
    if (target.isRunning()) for (const command of hooks.enable) trySend(target, command);
  }
}
