import { constants } from 'node:fs';
import { z } from 'zod';
import {
  ConfigurableValueSchema,
  ConfigurableValueTypeSchema,
  checkConfigurableValue,
  type ConfigurableValue,
  type ConfigurableValueType,
  type GetConfigResponse,
  type SettingManifest,
} from '@hearth/protocol';
import { CoreError, badRequest } from '../../errors.ts';
import { writeFileAtomic } from '../../lib/atomic-write.ts';
import type { ConfigDeclaration } from '../../runtime/macros/config-declaration.ts';
import { MACROS_DIR, validateMacroName, type MacroFiles } from './macro-files.ts';

/** core-api.md §2.15: `GetConfigResponse.message` texts. */
export const CONFIG_NOT_FOUND_MESSAGE = 'Local config cache not found';
export const CONFIG_MISMATCH_MESSAGE =
  'There is a mismatch between a config type and its locally-stored value';
/** A stored config larger than this is not read (it cannot be a real one). */
const MAX_STORED_CONFIG_BYTES = 1024 * 1024;

/** What `<name>_config.json` holds per field (the reference's SettingLocalCache). */
const LocalCacheSchema = z.record(
  z.string(),
  z.object({
    setting_id: z.string(),
    value: z.nullable(ConfigurableValueSchema),
    value_type: ConfigurableValueTypeSchema,
  }),
);

/** Stored values by field, or why there are none. */
export type StoredConfig =
  | { status: 'ok'; values: Record<string, ConfigurableValue | null> }
  | { status: 'missing' }
  | { status: 'mismatch' };

export function configFileName(name: string): string {
  return `${validateMacroName(name)}_config.json`;
}

function sameType(a: ConfigurableValueType, b: ConfigurableValueType): boolean {
  switch (a.type) {
    case 'String':
      return b.type === 'String' && a.regex === b.regex;
    case 'Integer':
    case 'UnsignedInteger':
    case 'Float':
      return b.type === a.type && a.min === b.min && a.max === b.max;
    case 'Boolean':
      return b.type === 'Boolean';
    case 'Enum':
      return (
        b.type === 'Enum' &&
        a.options.length === b.options.length &&
        a.options.every((o, i) => o === b.options[i])
      );
  }
}

/** Why a value does not fit its declared setting, or null when it does. */
function valueProblem(setting: SettingManifest, value: ConfigurableValue | null): string | null {
  if (value === null) return setting.is_required ? `${setting.name} needs a value` : null;
  const problem = checkConfigurableValue(setting.value_type, value);
  return problem === null ? null : `${setting.name}: ${problem}`;
}

/**
 * Checks field → {value_type, value} pairs against the declaration: the same field set, the same
 * types, values that fit. Returns the values by field, or the first problem found.
 */
function matchDeclaration(
  declaration: ConfigDeclaration,
  fields: Record<string, { value: ConfigurableValue | null; value_type: ConfigurableValueType }>,
): Record<string, ConfigurableValue | null> | string {
  const declared = Object.keys(declaration.settings);
  const given = Object.keys(fields);
  if (
    declared.length !== given.length ||
    given.some((f) => !Object.hasOwn(declaration.settings, f))
  )
    return `The fields must be exactly: ${declared.join(', ') || '(none)'}`;
  const values: Record<string, ConfigurableValue | null> = {};
  for (const field of declared) {
    const setting = declaration.settings[field]!;
    const entry = fields[field]!;
    if (!sameType(setting.value_type, entry.value_type))
      return `${field}: the type does not match the declaration`;
    const problem = valueProblem(setting, entry.value);
    if (problem) return problem;
    values[field] = entry.value;
  }
  return values;
}

/**
 * A macro's stored config, `<instance>/macros/<name>/<name>_config.json`. The file sits in the
 * instance folder (a game or a file-editing user can write it), so reading it is untrusted input:
 * it is parsed with a schema and checked against the declaration every time.
 */
export class MacroConfigStore {
  constructor(private readonly files: MacroFiles) {}

  async read(name: string, declaration: ConfigDeclaration): Promise<StoredConfig> {
    const sandbox = this.files.sandbox;
    let text: string;
    try {
      const file = await sandbox.resolve(`${MACROS_DIR}/${name}/${configFileName(name)}`);
      const handle = await sandbox.open(file, constants.O_RDONLY, 0, 'Failed to read macro config');
      try {
        const stat = await handle.stat();
        if (!stat.isFile() || stat.size > MAX_STORED_CONFIG_BYTES) return { status: 'mismatch' };
        text = (await handle.readFile()).toString('utf8');
      } finally {
        await handle.close();
      }
    } catch (err) {
      if (err instanceof CoreError && err.kind === 'NotFound') return { status: 'missing' };
      return { status: 'mismatch' };
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return { status: 'mismatch' };
    }
    const parsed = LocalCacheSchema.safeParse(json);
    if (!parsed.success) return { status: 'mismatch' };
    const values = matchDeclaration(declaration, parsed.data);
    return typeof values === 'string' ? { status: 'mismatch' } : { status: 'ok', values };
  }

  /** Validates a `{ field: SettingManifest }` body against the declaration and writes it atomically. */
  async write(
    name: string,
    declaration: ConfigDeclaration | null,
    body: Record<string, SettingManifest>,
  ): Promise<void> {
    const effective = declaration ?? { variable: 'config', settings: {} };
    const values = matchDeclaration(effective, body);
    if (typeof values === 'string')
      throw badRequest("The config does not match the macro's declaration", values);
    const cache: Record<string, unknown> = {};
    for (const [field, setting] of Object.entries(effective.settings)) {
      cache[field] = {
        setting_id: setting.setting_id,
        value: values[field] ?? null,
        value_type: setting.value_type,
      };
    }
    const dir = await this.files.ensureFolder(name);
    const data = Buffer.from(`${JSON.stringify(cache, null, 2)}\n`);
    await this.files.sandbox.withDir(dir, (d) =>
      writeFileAtomic(d, configFileName(name), data, 0o644),
    );
  }
}

/** core-api.md §2.15: the declared settings with stored values merged in, or why they are not. */
export function configResponse(
  declaration: ConfigDeclaration | null,
  stored: StoredConfig | null,
): GetConfigResponse {
  if (declaration === null) return { config: {}, message: null, error: null };
  const config: Record<string, SettingManifest> = {};
  for (const [field, setting] of Object.entries(declaration.settings)) {
    const value = stored?.status === 'ok' ? (stored.values[field] ?? null) : setting.value;
    config[field] = { ...setting, value };
  }
  if (stored?.status === 'missing')
    return { config, message: CONFIG_NOT_FOUND_MESSAGE, error: 'NotFound' };
  if (stored?.status === 'mismatch')
    return { config, message: CONFIG_MISMATCH_MESSAGE, error: 'Internal' };
  return { config, message: null, error: null };
}
