import type { CausedBy } from '@hearth/protocol';
import type { InstanceService } from '../instance-service.ts';
import {
  waitForConsoleLine,
  type BackupTargets,
  type ConsoleEventSource,
} from './backup-target.ts';

const SYSTEM: CausedBy = { type: 'System' };

/**
 * Backup targets over the instance service: the folder and name as they are now, the game's save
 * hooks from its handler (Minecraft, or what a generic definition declares), console lines from
 * the event bus. NotFound for an unknown uuid.
 */
export function instanceBackupTargets(
  instances: InstanceService,
  events: ConsoleEventSource,
): BackupTargets {
  return {
    get(uuid) {
      const dir = instances.folder(uuid);
      return {
        uuid,
        name: instances.name(uuid),
        dir,
        isRunning: () => instances.state(uuid) !== 'Stopped' && instances.state(uuid) !== 'Error',
        // The save commands are the core's own, not the user's: they show as System in the console.
        sendCommand: (command) => instances.sendCommand(uuid, command, SYSTEM),
        stop: (causedBy) => instances.stopAndWait(uuid, causedBy),
        waitForLine: (re, timeoutMs) => waitForConsoleLine(events, uuid, re, timeoutMs),
        saveHooks: instances.saveHooks(uuid),
        hold: (reason) => instances.hold(uuid, reason),
      };
    },
  };
}
