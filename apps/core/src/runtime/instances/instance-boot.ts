import type { CausedBy } from '@hearth/protocol';
import { describeError } from '../../errors.ts';
import type { BackgroundWork } from '../../lib/background-work.ts';
import type { Logger } from '../../lib/logger.ts';
import type { InstanceRepository } from '../../repositories/instance-repository.ts';
import type { InstanceHost } from './instance-host.ts';
import type { InstanceRegistry } from './instance-registry.ts';
import { adoptFolder } from './lodestone-adoption.ts';
import { settleOrphan } from './orphan-settler.ts';

const SYSTEM: CausedBy = { type: 'System' };

export interface BootDeps {
  repo: InstanceRepository;
  registry: InstanceRegistry;
  host: InstanceHost;
  background: BackgroundWork;
  log: Logger;
  stopTimeoutMs: number;
  /** Start servers marked auto_start (false in some tests). */
  autoStart: boolean;
  /** Whether the core is shutting down already (no auto-start then). */
  closing: () => boolean;
}

/**
 * Restores every stored instance, adopts folders it has no record for (once), settles servers left
 * over by a dead core, then auto-starts. Broken rows and folders are reported and skipped; they never
 * stop the core from booting.
 */
export async function bootInstances(deps: BootDeps): Promise<void> {
  const { repo, registry, log } = deps;
  await repo.ensureRoot();
  await repo.removeAbandonedCreations();
  for (const stored of repo.registered((uuid, reason) =>
    log.warn(`Skipping instance ${uuid}: ${reason}`),
  ))
    deps.host.register(stored.dir, stored.record);
  const folders = await repo.unregistered((dir, reason) =>
    log.warn(`Skipping instance folder ${dir}: ${reason}`),
  );
  for (const folder of folders) {
    try {
      const record = await adoptFolder(folder);
      if (registry.has(record.uuid)) {
        log.warn(`Skipping instance folder ${folder.dir}: its uuid ${record.uuid} is already used`);
        continue;
      }
      await repo.register(folder.dir, folder.dot, record);
      deps.host.register(folder.dir, record);
    } catch (err) {
      log.warn(`Skipping instance folder ${folder.dir}: ${describeError(err)}`);
    }
  }
  for (const entry of registry.all()) {
    deps.background.track(
      (async () => {
        await settleOrphan(entry, repo, deps.stopTimeoutMs);
        if (deps.autoStart && entry.record.auto_start && !deps.closing()) {
          await entry.runtime.supervisor.start(SYSTEM).catch(() => undefined);
        }
      })(),
    );
  }
}
