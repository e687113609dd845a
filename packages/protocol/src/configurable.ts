import { z } from 'zod/mini';

/** core-api.md §2.13: adjacently tagged {type, value}. */
export const ConfigurableValueSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('String'), value: z.string() }),
  // Integer is an i32 and UnsignedInteger a u32 on the wire; the reference refuses anything wider.
  z.object({
    type: z.literal('Integer'),
    value: z.number().check(z.int(), z.gte(-2147483648), z.lte(2147483647)),
  }),
  z.object({
    type: z.literal('UnsignedInteger'),
    value: z.number().check(z.int(), z.gte(0), z.lte(4294967295)),
  }),
  z.object({ type: z.literal('Float'), value: z.number() }),
  z.object({ type: z.literal('Boolean'), value: z.boolean() }),
  z.object({ type: z.literal('Enum'), value: z.string() }),
]);
export type ConfigurableValue = z.infer<typeof ConfigurableValueSchema>;

const Bound = z.pipe(
  z.optional(z.nullable(z.number())),
  z.transform((v) => v ?? null),
);

/** core-api.md §2.13: internally tagged, no value key. */
export const ConfigurableValueTypeSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('String'),
    regex: z.pipe(
      z.optional(z.nullable(z.string())),
      z.transform((v) => v ?? null),
    ),
  }),
  z.object({ type: z.literal('Integer'), min: Bound, max: Bound }),
  z.object({ type: z.literal('UnsignedInteger'), min: Bound, max: Bound }),
  z.object({ type: z.literal('Float'), min: Bound, max: Bound }),
  z.object({ type: z.literal('Boolean') }),
  z.object({ type: z.literal('Enum'), options: z.array(z.string()) }),
]);
export type ConfigurableValueType = z.output<typeof ConfigurableValueTypeSchema>;

export const SettingManifestSchema = z.object({
  setting_id: z.string(),
  name: z.string(),
  description: z.string(),
  value: z.nullable(ConfigurableValueSchema),
  value_type: ConfigurableValueTypeSchema,
  default_value: z.nullable(ConfigurableValueSchema),
  is_secret: z.boolean(),
  is_required: z.boolean(),
  is_mutable: z.boolean(),
});
export type SettingManifest = z.output<typeof SettingManifestSchema>;

export const SectionManifestSchema = z.object({
  section_id: z.string(),
  name: z.string(),
  description: z.string(),
  settings: z.record(z.string(), SettingManifestSchema),
});
export type SectionManifest = z.output<typeof SectionManifestSchema>;

export const SetupManifestSchema = z.object({
  setting_sections: z.record(z.string(), SectionManifestSchema),
});
export type SetupManifest = z.output<typeof SetupManifestSchema>;

export const ConfigurableManifestSchema = z.object({
  auto_start: z.boolean(),
  restart_on_crash: z.boolean(),
  setting_sections: z.record(z.string(), SectionManifestSchema),
});
export type ConfigurableManifest = z.output<typeof ConfigurableManifestSchema>;

export const SettingManifestValueSchema = z.object({ value: z.nullable(ConfigurableValueSchema) });
export const SectionManifestValueSchema = z.object({
  settings: z.record(z.string(), SettingManifestValueSchema),
});

/** core-api.md §2.13: the instance-creation request. */
export const SetupValueSchema = z.object({
  name: z.string(),
  description: z.pipe(
    z.optional(z.nullable(z.string())),
    z.transform((v) => v ?? null),
  ),
  auto_start: z._default(z.boolean(), false),
  restart_on_crash: z._default(z.boolean(), false),
  setting_sections: z.record(z.string(), SectionManifestValueSchema),
});
export type SetupValue = z.output<typeof SetupValueSchema>;
export type SetupValueInput = z.input<typeof SetupValueSchema>;

export const GenericSetupManifestRequestSchema = z.object({
  url: z.string().check(z.minLength(1)),
});
export const GenericCreateRequestSchema = z.object({
  url: z.string().check(z.minLength(1)),
  setup_value: SetupValueSchema,
});
export type GenericCreateRequest = z.output<typeof GenericCreateRequestSchema>;

/** Checks a value against its type (core-api.md §2.13 type-checking rules). Returns a cause or null. */
export function checkConfigurableValue(
  type: ConfigurableValueType,
  value: ConfigurableValue,
): string | null {
  if (type.type !== value.type) return 'Type mismatch';
  switch (type.type) {
    case 'String': {
      if (type.regex === null) return null;
      let re: RegExp;
      try {
        re = new RegExp(type.regex, 'u');
      } catch {
        return null;
      }
      return re.test(value.value as string) ? null : 'Value does not match the pattern';
    }
    case 'Integer':
    case 'UnsignedInteger':
    case 'Float': {
      const n = value.value as number;
      if (type.type === 'UnsignedInteger' && n < 0) return 'Value is too small';
      if (type.min !== null && n < type.min) return 'Value is too small';
      if (type.max !== null && n > type.max) return 'Value is too large';
      return null;
    }
    case 'Boolean':
      return null;
    case 'Enum':
      return type.options.includes(value.value as string) ? null : 'Value is not in enum';
  }
}

/**
 * The settings sections Hearth itself adds to an instance's manifest (not a game definition's):
 * the core builds them, the dashboard words them in the reader's language by these ids.
 */
export const GENERIC_SECTION_ID = 'instance_section';
export const GENERIC_PORT_SETTING_ID = 'port';
export const LIMITS_SECTION_ID = 'resource_limits_section';
export const LIMIT_SETTING_IDS = {
  memory: 'memory_limit_mib',
  cpu: 'cpu_limit_percent',
  processes: 'process_limit',
} as const;
export type LimitSettingId = (typeof LIMIT_SETTING_IDS)[keyof typeof LIMIT_SETTING_IDS];
