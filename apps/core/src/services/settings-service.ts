import os from 'node:os';
import {
  coreNameProblem,
  domainProblem,
  GlobalSettingsDataSchema,
  type CoreNameProblem,
  type DomainProblem,
  type Activity,
  type CausedBy,
  type GlobalSettingsData,
} from '@hearth/protocol';
import { badRequest } from '../errors.ts';
import type { SettingsRepository } from '../repositories/settings-repository.ts';

const KEY = 'global_settings';
const SYSTEM: CausedBy = { type: 'System' };

/** How each global setting is named in the event log. */
const SETTING_NAMES: Record<keyof GlobalSettingsData, string> = {
  core_name: 'Core name',
  safe_mode: 'Safe mode',
  domain: 'Public domain',
  playit_enabled: 'Playit integration',
  modrinth_enabled: 'Modrinth browser',
  require_two_factor: 'Require two-factor sign-in',
};

/** Where a change goes in the event log (EventBus.record). */
export type ActivitySink = (activity: Activity, causedBy: CausedBy) => void;

function defaultCoreName(): string {
  let user = 'Hearth';
  try {
    user = os.userInfo().username || user;
  } catch {
    // No passwd entry (containers): keep the generic name.
  }
  return `${user}'s Hearth Core`;
}

// The protocol's name and domain rules in core-api.md §1.4.4's words.
const CORE_NAME_ERRORS: Record<CoreNameProblem, string> = {
  empty: 'Name cannot be empty',
  too_long: 'Name too long',
};
const DOMAIN_ERRORS: Record<DomainProblem, string> = {
  too_long: 'Domain too long',
  bad_character: 'Domain cannot contain spaces or slashes',
};

/** A core name: trimmed, 1–32 characters. */
export function parseCoreName(raw: unknown): string {
  if (typeof raw !== 'string') throw badRequest('Name must be a string');
  const problem = coreNameProblem(raw);
  if (problem !== null) throw badRequest(CORE_NAME_ERRORS[problem]);
  return raw.trim();
}

/** A public domain or IP; empty (or null) clears it. */
export function parseDomain(raw: unknown): string | null {
  if (raw !== null && typeof raw !== 'string') throw badRequest('Domain must be a string');
  const domain = (raw ?? '').trim();
  const problem = domainProblem(domain);
  if (problem !== null) throw badRequest(DOMAIN_ERRORS[problem]);
  return domain === '' ? null : domain;
}

export function parseSwitch(what: string): (raw: unknown) => boolean {
  return (raw) => {
    if (typeof raw !== 'boolean') throw badRequest(`${what} must be true or false`);
    return raw;
  };
}

/**
 * Global settings (core-api.md §1.4.4, §2.17). Safe mode is on by default; playit is opt-in; the
 * Modrinth browser is on until the owner turns it off.
 */
export class SettingsService {
  private cache: GlobalSettingsData;

  constructor(
    private readonly repository: SettingsRepository,
    private readonly record: ActivitySink = () => undefined,
  ) {
    const stored = GlobalSettingsDataSchema.safeParse(repository.get(KEY));
    this.cache = stored.success
      ? { ...stored.data, require_two_factor: stored.data.require_two_factor ?? false }
      : {
          core_name: defaultCoreName(),
          safe_mode: true,
          domain: null,
          playit_enabled: false,
          modrinth_enabled: true,
          require_two_factor: false,
        };
    if (!stored.success) repository.set(KEY, this.cache);
  }

  get(): GlobalSettingsData {
    return { ...this.cache };
  }

  get safeMode(): boolean {
    return this.cache.safe_mode;
  }

  async setName(name: string, causedBy: CausedBy = SYSTEM): Promise<void> {
    await this.update('core_name', name, causedBy);
  }

  async setDomain(domain: string | null, causedBy: CausedBy = SYSTEM): Promise<void> {
    await this.update('domain', domain, causedBy);
  }

  async setSafeMode(on: boolean, causedBy: CausedBy = SYSTEM): Promise<void> {
    await this.update('safe_mode', on, causedBy);
  }

  async setPlayitEnabled(on: boolean, causedBy: CausedBy = SYSTEM): Promise<void> {
    await this.update('playit_enabled', on, causedBy);
  }

  async setModrinthEnabled(on: boolean, causedBy: CausedBy = SYSTEM): Promise<void> {
    await this.update('modrinth_enabled', on, causedBy);
  }

  get requireTwoFactor(): boolean {
    return this.cache.require_two_factor === true;
  }

  async setRequireTwoFactor(on: boolean, causedBy: CausedBy = SYSTEM): Promise<void> {
    await this.update('require_two_factor', on, causedBy);
  }

  /** Stored first: a change the database refused (503) leaves the old settings in force. */
  private async update<K extends keyof GlobalSettingsData>(
    key: K,
    value: GlobalSettingsData[K],
    causedBy: CausedBy,
  ): Promise<void> {
    const before = this.cache[key];
    const next = { ...this.cache, [key]: value };
    await this.repository.save(KEY, next);
    this.cache = next;
    if (before === value) return;
    const text = (v: GlobalSettingsData[K]) => (v === null || v === undefined ? null : String(v));
    this.record(
      {
        type: 'CoreSettingChanged',
        setting_id: key,
        setting_name: SETTING_NAMES[key],
        old_value: text(before),
        new_value: text(value),
      },
      causedBy,
    );
  }
}
