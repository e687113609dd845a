import os from 'node:os';
import {
  CORE_NAME_MAX,
  DOMAIN_MAX,
  GlobalSettingsDataSchema,
  type GlobalSettingsData,
} from '@hearth/protocol';
import { badRequest } from '../errors.ts';
import type { SettingsRepository } from '../repositories/settings-repository.ts';

const KEY = 'global_settings';

function defaultCoreName(): string {
  let user = 'Hearth';
  try {
    user = os.userInfo().username || user;
  } catch {
    // No passwd entry (containers): keep the generic name.
  }
  return `${user}'s Hearth Core`;
}

/** Global settings (core-api.md §1.4.4, §2.17). Safe mode is on by default; playit is opt-in. */
export class SettingsService {
  private cache: GlobalSettingsData;

  constructor(private readonly repository: SettingsRepository) {
    const stored = GlobalSettingsDataSchema.safeParse(repository.get(KEY));
    this.cache = stored.success
      ? stored.data
      : { core_name: defaultCoreName(), safe_mode: true, domain: null, playit_enabled: false };
    if (!stored.success) repository.set(KEY, this.cache);
  }

  get(): GlobalSettingsData {
    return { ...this.cache };
  }

  get safeMode(): boolean {
    return this.cache.safe_mode;
  }

  setName(raw: unknown): void {
    if (typeof raw !== 'string') throw badRequest('Name must be a string');
    const name = raw.trim();
    if (name.length === 0) throw badRequest('Name cannot be empty');
    if ([...name].length > CORE_NAME_MAX) throw badRequest('Name too long');
    this.update({ core_name: name });
  }

  setDomain(raw: unknown): void {
    if (raw !== null && typeof raw !== 'string') throw badRequest('Domain must be a string');
    const domain = (raw ?? '').trim();
    if (domain.length > DOMAIN_MAX) throw badRequest('Domain too long');
    if (/[\s/\\]/.test(domain)) throw badRequest('Domain cannot contain spaces or slashes');
    this.update({ domain: domain === '' ? null : domain });
  }

  setSafeMode(raw: unknown): void {
    if (typeof raw !== 'boolean') throw badRequest('Safe mode must be true or false');
    this.update({ safe_mode: raw });
  }

  setPlayitEnabled(raw: unknown): void {
    if (typeof raw !== 'boolean') throw badRequest('Playit integration must be true or false');
    this.update({ playit_enabled: raw });
  }

  private update(patch: Partial<GlobalSettingsData>): void {
    this.cache = { ...this.cache, ...patch };
    this.repository.set(KEY, this.cache);
  }
}
