// zod schemas for everything a definition hands back through the runner. The core trusts none of
// it until it passed these (plus the protocol's own manifest schemas).
import { z } from 'zod';
import { PLAYER_ACTIONS, SectionManifestSchema, type PlayerActionKind } from '@hearth/protocol';
import { StopMethodSchema } from '../supervisor/stop-method.ts';

const regexSource = z.string().refine(
  (source) => {
    try {
      new RegExp(source, 'u');
      return true;
    } catch {
      return false;
    }
  },
  { error: 'is not a valid regular expression' },
);

export const OutputPatternsSchema = z.strictObject({
  started: regexSource.optional(),
  join: regexSource.optional(),
  leave: regexSource.optional(),
  chat: regexSource.optional(),
});

export const PingMethodSchema = z.strictObject({
  kind: z.literal('minecraft', { error: 'the only ping kind is "minecraft"' }),
});

const consoleCommand = z
  .string()
  .min(1)
  .max(1000)
  .refine((c) => !/[\r\n]/.test(c), { error: 'must be a single line' });

export const BackupHooksSchema = z.strictObject({
  disable: z.array(consoleCommand).max(10).default([]),
  flush: consoleCommand,
  saved: regexSource,
  enable: z.array(consoleCommand).max(10).default([]),
  timeout_seconds: z.number().int().min(1).max(600).default(60),
});
export type ValidBackupHooks = z.output<typeof BackupHooksSchema>;

/** The placeholder each action's command must carry (`{reason}` is optional where allowed). */
const ACTION_PLACEHOLDER: Record<PlayerActionKind, 'name' | 'ip' | null> = {
  kick: 'name',
  ban: 'name',
  pardon: 'name',
  ban_ip: 'ip',
  pardon_ip: 'ip',
  op: 'name',
  deop: 'name',
  whitelist_add: 'name',
  whitelist_remove: 'name',
  whitelist_on: null,
  whitelist_off: null,
};
const TAKES_REASON: ReadonlySet<PlayerActionKind> = new Set(['kick', 'ban', 'ban_ip']);

/** What is wrong with a command template for `action`, or null. */
function templateProblem(action: PlayerActionKind, template: string): string | null {
  const needed = ACTION_PLACEHOLDER[action];
  if (needed !== null && !template.includes(`{${needed}}`)) return `must contain {${needed}}`;
  const allowed = [...(needed ? [needed] : []), ...(TAKES_REASON.has(action) ? ['reason'] : [])];
  for (const [, placeholder] of template.matchAll(/\{([^}]*)\}/g)) {
    if (!allowed.includes(placeholder ?? ''))
      return allowed.length === 0
        ? 'may not use placeholders'
        : `may only use ${allowed.map((p) => `{${p}}`).join(' and ')}`;
  }
  return null;
}

/** A file of the game, relative to its instance folder (the file sandbox judges it again). */
const instanceFile = z
  .string()
  .min(1)
  .max(255)
  .refine((f) => !f.startsWith('/') && !/[\\\0]/.test(f) && !f.split('/').includes('..'), {
    error: 'must be a path inside the instance folder',
  });

export const PlayerManagementSchema = z.strictObject({
  commands: z
    .partialRecord(z.enum(PLAYER_ACTIONS), consoleCommand)
    .superRefine((commands, ctx) => {
      for (const [action, template] of Object.entries(commands)) {
        const problem = templateProblem(action as PlayerActionKind, template);
        if (problem) ctx.addIssue({ code: 'custom', path: [action], message: problem });
      }
    })
    .default({}),
  files: z
    .strictObject({
      banned_players: instanceFile.optional(),
      banned_ips: instanceFile.optional(),
      ops: instanceFile.optional(),
      whitelist: instanceFile.optional(),
    })
    .default({}),
  whitelist_switch: z
    .strictObject({
      file: instanceFile,
      format: z.enum(['properties', 'json']),
      key: z.string().regex(/^[A-Za-z0-9._-]{1,100}$/, { error: 'must be a plain key' }),
    })
    .nullable()
    .default(null),
  uuids: z.enum(['offline', 'online']).default('offline'),
});
export type ValidPlayerManagement = z.output<typeof PlayerManagementSchema>;

/** The static part of a definition, as the runner reports it (functions reported by typeof). */
export const DefinitionShapeSchema = z.object({
  game_name: z.string().trim().min(1).max(100),
  game_display_name: z.string().trim().min(1).max(100),
  stop: StopMethodSchema,
  output: OutputPatternsSchema.nullable().default(null),
  ping: PingMethodSchema.nullable().default(null),
  backup: BackupHooksSchema.nullable().default(null),
  players: PlayerManagementSchema.nullable().default(null),
  functions: z.object({
    setupManifest: z.literal('function', { error: 'setupManifest must be a function' }),
    install: z.literal('function', { error: 'install must be a function' }),
    start: z.literal('function', { error: 'start must be a function' }),
    configurableManifest: z.enum(['function', 'undefined'], {
      error: 'configurableManifest must be a function if present',
    }),
  }),
});
export type DefinitionShape = z.output<typeof DefinitionShapeSchema>;

export const InstallResultSchema = z.strictObject({
  version: z.string().min(1),
  port: z.number().int().min(0).max(65535),
  max_players: z.number().int().min(0).nullable().default(null),
  config: z.record(z.string(), z.unknown()).default({}),
});
export type ValidInstallResult = z.output<typeof InstallResultSchema>;

const relativeCwd = z
  .string()
  .refine((cwd) => !cwd.startsWith('/') && !cwd.startsWith('\\') && !/^[A-Za-z]:/.test(cwd), {
    error: 'must be relative to the instance folder',
  })
  .refine((cwd) => !cwd.split(/[\\/]/).includes('..'), {
    error: 'must stay inside the instance folder',
  });

export const StartPlanSchema = z.strictObject({
  command: z.string().min(1),
  args: z.array(z.string()).default([]),
  env: z.record(z.string(), z.string()).default({}),
  cwd: relativeCwd.default('.'),
});
export type ValidStartPlan = z.output<typeof StartPlanSchema>;

export const ConfigurableSectionsSchema = z.record(z.string(), SectionManifestSchema);

/** One short sentence out of a zod error: the first few issues with their paths. */
export function describeZodError(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => {
      // Messages under `functions` already name the member.
      if (issue.path.length === 0 || issue.path[0] === 'functions') return issue.message;
      return `${issue.path.map(String).join('.')}: ${issue.message}`;
    })
    .join('; ');
}
