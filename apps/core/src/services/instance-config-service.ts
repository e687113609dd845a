import type {
  Activity,
  CausedBy,
  ConfigurableManifest,
  ConfigurableValue,
  SettingManifest,
} from '@hearth/protocol';
import { LIMITS_SECTION_ID } from '@hearth/protocol';
import { badRequest } from '../errors.ts';
import type { EventBus } from '../events/event-bus.ts';
import { SerialQueue } from '../lib/serial-queue.ts';
import type { SettingCaller } from '../runtime/handlers/game-handler.ts';
import type { InstanceRecord } from '../repositories/instance-repository.ts';
import type { InstanceHost } from '../runtime/instances/instance-host.ts';
import {
  handlerView,
  type InstanceEntry,
  type InstanceRegistry,
} from '../runtime/instances/instance-registry.ts';
import {
  instanceSettingActivity,
  manifestSetting,
  valueText,
} from './event-log/setting-activity.ts';
import { applyLimitSetting, limitsSection, type LimitEnforcement } from './instance-limits.ts';
import type { InstanceService } from './instance-service.ts';

const SYSTEM: CausedBy = { type: 'System' };

export interface InstanceConfigDeps {
  events: EventBus;
  registry: InstanceRegistry;
  host: InstanceHost;
  instances: InstanceService;
  /** Which resource limits this host enforces (shown with the limits section). */
  limitEnforcement: LimitEnforcement;
}

/**
 * An instance's configuration as verbs: name, description, flags, the settings sections (the game's
 * own and Hearth's resource limits), its version and player limit. Each change is recorded in the
 * event log, old → new, with who made it.
 */
export class InstanceConfigService {
  /** Setting changes of one instance apply one after another, each on the record the last one left. */
  private readonly settingChanges = new SerialQueue();

  constructor(private readonly deps: InstanceConfigDeps) {}

  setName(uuid: string, name: string, causedBy: CausedBy = SYSTEM): Promise<void> {
    return this.setField(uuid, 'name', 'Name', name, causedBy);
  }

  setDescription(uuid: string, description: string, causedBy: CausedBy = SYSTEM): Promise<void> {
    return this.setField(uuid, 'description', 'Description', description, causedBy);
  }

  setAutoStart(uuid: string, value: boolean, causedBy: CausedBy = SYSTEM): Promise<void> {
    return this.setField(uuid, 'auto_start', 'Auto start', value, causedBy);
  }

  setRestartOnCrash(uuid: string, value: boolean, causedBy: CausedBy = SYSTEM): Promise<void> {
    return this.setField(uuid, 'restart_on_crash', 'Restart on crash', value, causedBy);
  }

  /** Saves one field of the record (synced to the game) and logs it, old → new, as setting `key`. */
  private async setField<K extends 'name' | 'description' | 'auto_start' | 'restart_on_crash'>(
    uuid: string,
    key: K,
    label: string,
    value: InstanceRecord[K],
    causedBy: CausedBy,
  ): Promise<void> {
    const before = this.deps.registry.get(uuid).record[key];
    const patch: Partial<InstanceRecord> = {};
    patch[key] = value;
    await this.deps.host.save(uuid, patch, true);
    this.recordSetting(uuid, key, label, before, value, causedBy);
  }

  /** The settings as `viewer` may change them (host configuration is mutable for the owner only). */
  async settings(uuid: string, viewer: SettingCaller): Promise<ConfigurableManifest> {
    const entry = this.deps.registry.get(uuid);
    return {
      auto_start: entry.record.auto_start,
      restart_on_crash: entry.record.restart_on_crash,
      setting_sections: {
        ...(await entry.handler.settingSections(handlerView(entry), viewer)),
        [LIMITS_SECTION_ID]: limitsSection(
          entry.record.limits,
          this.deps.limitEnforcement,
          this.deps.host.defaultLimitsOf(entry.record),
        ),
      },
    };
  }

  /** Applies one setting change for `caller` (a game's host configuration is the owner's alone). */
  applySetting(
    uuid: string,
    sectionId: string,
    settingId: string,
    value: ConfigurableValue,
    causedBy: CausedBy,
    caller: SettingCaller,
  ): Promise<void> {
    this.deps.registry.get(uuid);
    return this.settingChanges.run(uuid, () =>
      this.applySettingNow(uuid, sectionId, settingId, value, causedBy, caller),
    );
  }

  private async applySettingNow(
    uuid: string,
    sectionId: string,
    settingId: string,
    value: ConfigurableValue,
    causedBy: CausedBy,
    caller: SettingCaller,
  ): Promise<void> {
    const entry = this.deps.registry.get(uuid);
    if (sectionId === LIMITS_SECTION_ID) {
      const previous = limitsSection(
        entry.record.limits,
        this.deps.limitEnforcement,
        this.deps.host.defaultLimitsOf(entry.record),
      ).settings[settingId];
      const limits = applyLimitSetting(entry.record.limits, settingId, value);
      await this.deps.host.save(uuid, { limits });
      this.recordManifestSetting(entry, sectionId, settingId, previous, value, causedBy);
      return;
    }
    const before = await entry.handler
      .settingSections(handlerView(entry), caller)
      .then((sections) => sections[sectionId]?.settings[settingId])
      .catch(() => undefined);
    if (
      (settingId === 'server-port' || settingId === 'port') &&
      value.type === 'UnsignedInteger' &&
      value.value !== entry.record.port &&
      this.deps.registry.isPortAllocated(value.value, entry.uuid)
    ) {
      throw badRequest(`Port ${value.value} is already used by another instance`);
    }
    const effect = await entry.handler.applySetting(
      handlerView(entry),
      sectionId,
      settingId,
      value,
      caller,
    );
    entry.maxPlayers = undefined;
    if (effect.port !== undefined && effect.port !== entry.record.port)
      await this.deps.host.save(uuid, { port: effect.port });
    this.recordManifestSetting(entry, sectionId, settingId, before, value, causedBy);
  }

  /** Logs a settings-section change, old → new, as the manifest describes the setting. */
  private recordManifestSetting(
    entry: InstanceEntry,
    sectionId: string,
    settingId: string,
    before: SettingManifest | undefined,
    value: ConfigurableValue,
    causedBy: CausedBy,
  ): void {
    this.recordActivity(
      instanceSettingActivity(
        { uuid: entry.uuid, name: entry.record.name },
        manifestSetting(`${sectionId}/${settingId}`, before),
        valueText(before?.value ?? null),
        valueText(value),
      ),
      causedBy,
    );
  }

  async changeVersion(uuid: string, version: string, causedBy: CausedBy = SYSTEM): Promise<void> {
    const entry = this.deps.registry.get(uuid);
    if (entry.runtime.state !== 'Stopped' && entry.runtime.state !== 'Error') {
      throw badRequest('Instance must be stopped to change its version');
    }
    this.refuseWhileBusy(entry, 'change the version of');
    entry.busy = 'changing its version';
    try {
      const before = entry.record.version;
      const next = await entry.handler.changeVersion(handlerView(entry), version);
      await this.deps.host.save(uuid, { version: next });
      this.recordSetting(uuid, 'version', 'Version', before, next, causedBy);
    } finally {
      entry.busy = null;
    }
  }

  async setMaxPlayers(uuid: string, max: number, causedBy: CausedBy = SYSTEM): Promise<void> {
    const entry = this.deps.registry.get(uuid);
    const before = await this.deps.instances.maxPlayers(uuid);
    await entry.handler.setMaxPlayers(handlerView(entry), max);
    entry.maxPlayers = max;
    this.recordSetting(uuid, 'max_players', 'Max players', before, max, causedBy);
  }

  // Internals

  private recordSetting(
    uuid: string,
    id: string,
    name: string,
    before: string | number | boolean | null,
    after: string | number | boolean | null,
    causedBy: CausedBy,
  ): void {
    const entry = this.deps.registry.get(uuid);
    this.recordActivity(
      instanceSettingActivity(
        { uuid, name: entry.record.name },
        { id, name, secret: false },
        valueText(before),
        valueText(after),
      ),
      causedBy,
    );
  }

  private recordActivity(activity: Activity | null, causedBy: CausedBy): void {
    if (activity) this.deps.events.record(activity, causedBy);
  }

  private refuseWhileBusy(entry: { busy: string | null }, action: string): void {
    if (entry.busy !== null) throw badRequest(`Cannot ${action} an instance that is ${entry.busy}`);
  }
}
