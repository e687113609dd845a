import type { CausedBy } from '@hearth/protocol';
import { describeError } from '../../errors.ts';
import type { BackgroundWork } from '../../lib/background-work.ts';
import type { Logger } from '../../lib/logger.ts';
import type { InstanceRepository } from '../../repositories/instance-repository.ts';
import type { InstanceHost } from './instance-host.ts';
import type { InstanceRegistry } from './instance-registry.ts';
import { adoptLodestoneFolder } from './lodestone-adoption.ts';
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
 * Restores every instance folder, settles servers left over by a dead core, then auto-starts.
 * Broken folders are reported and skipped; they never stop the core from booting.
 */
export async function bootInstances(deps: BootDeps): Promise<void> {
  const { repo, registry, log } = deps;
  await repo.ensureRoot();
  await repo.removeAbandonedCreations();
  const stored = await repo.scan((dir, reason) =>
    log.warn(`Skipping instance folder ${dir}: ${reason}`),
  );
  for (const item of stored) {
    try {
      const record = item.record ?? (await adoptLodestoneFolder(item, repo));
      if (registry.has(record.uuid)) {
        log.warn(`Skipping instance folder ${item.dir}: its uuid ${record.uuid} is already used`);
        continue;
      }
      deps.host.register(item.dir, record);
    } catch (err) {
      log.warn(`Skipping instance folder ${item.dir}: ${describeError(err)}`);
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
