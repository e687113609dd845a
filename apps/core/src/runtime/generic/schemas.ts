// zod schemas for everything a definition hands back through the runner. The core trusts none of
// it until it passed these (plus the protocol's own manifest schemas).
import { z } from 'zod';
import { SectionManifestSchema } from '@hearth/protocol';
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

/** The static part of a definition, as the runner reports it (functions reported by typeof). */
export const DefinitionShapeSchema = z.object({
  game_name: z.string().trim().min(1).max(100),
  game_display_name: z.string().trim().min(1).max(100),
  stop: StopMethodSchema,
  output: OutputPatternsSchema.nullable().default(null),
  ping: PingMethodSchema.nullable().default(null),
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
