import type {
  ConfigurableValue,
  ResourceLimits,
  SectionManifest,
  SettingManifest,
} from '@hearth/protocol';
import { LIMIT_SETTING_IDS, LIMITS_SECTION_ID, ResourceLimitsSchema } from '@hearth/protocol';
import { badRequest } from '../errors.ts';

// Hearth's own settings section on every instance: the limits of its sandbox. The dashboard words
// it in the reader's language by its ids; its English there is word for word the one below
// (apps/dashboard/src/features/instances/hearth-sections.test.ts builds this section to compare).

const MIB = 1024 * 1024;

/** What the host lets the core enforce (from the sandbox's detection at boot). */
export interface LimitEnforcement {
  memory: boolean;
  cpu: boolean;
  pids: boolean;
  /** Why some limit is not enforced here, one sentence each. */
  problems: string[];
}

function unsigned(
  id: string,
  name: string,
  description: string,
  own: number | undefined,
  fallback: number | undefined,
  enforced: boolean,
): SettingManifest {
  const defaultText = fallback === undefined ? 'no limit' : String(fallback);
  const text = `${description} 0 sets it back to the default (${defaultText}).`;
  return {
    setting_id: id,
    name,
    description: enforced ? text : `${text} Not enforced on this host.`,
    // What the sandbox gets at the next start: the instance's own value, else the default.
    value: { type: 'UnsignedInteger', value: own ?? fallback ?? 0 },
    value_type: { type: 'UnsignedInteger', min: 0, max: null },
    default_value: { type: 'UnsignedInteger', value: fallback ?? 0 },
    is_secret: false,
    is_required: true,
    is_mutable: true,
  };
}

const mib = (bytes: number | undefined) =>
  bytes === undefined ? undefined : Math.round(bytes / MIB);

/**
 * The section `GET …/settings` shows for an instance's limits: each value is what its sandbox
 * gets, its own setting or else the default (`defaults`: the core's, Minecraft's memory from its
 * max RAM); 0 goes back to the default.
 */
export function limitsSection(
  limits: ResourceLimits,
  enforced: LimitEnforcement,
  defaults: ResourceLimits = {},
): SectionManifest {
  const notes = enforced.problems.length > 0 ? ` ${enforced.problems.join(' ')}` : '';
  return {
    section_id: LIMITS_SECTION_ID,
    name: 'Resource Limits',
    description: `Limits of the server's sandbox, applied at its next start; 0 means the default.${notes}`,
    settings: {
      [LIMIT_SETTING_IDS.memory]: unsigned(
        LIMIT_SETTING_IDS.memory,
        'Memory limit (MiB)',
        "RAM and swap of the whole server, JVM overhead included (a Minecraft server's default is its max RAM + 25 % + 512 MiB).",
        mib(limits.memoryBytes),
        mib(defaults.memoryBytes),
        enforced.memory,
      ),
      [LIMIT_SETTING_IDS.cpu]: unsigned(
        LIMIT_SETTING_IDS.cpu,
        'CPU limit (% of one core)',
        '100 is one core, 250 two and a half.',
        limits.cpuPercent,
        defaults.cpuPercent,
        enforced.cpu,
      ),
      [LIMIT_SETTING_IDS.processes]: unsigned(
        LIMIT_SETTING_IDS.processes,
        'Process and thread limit',
        'Processes and threads at once (a Java server uses dozens of threads; at least 8).',
        limits.maxProcesses,
        defaults.maxProcesses,
        enforced.pids,
      ),
    },
  };
}

/** The limits after one setting of the section changed (validated by the protocol's schema). */
export function applyLimitSetting(
  limits: ResourceLimits,
  settingId: string,
  value: ConfigurableValue,
): ResourceLimits {
  if (value.type !== 'UnsignedInteger') throw badRequest('Type mismatch');
  const next: ResourceLimits = { ...limits };
  const n = value.value;
  switch (settingId) {
    case LIMIT_SETTING_IDS.memory:
      if (n === 0) delete next.memoryBytes;
      else next.memoryBytes = n * MIB;
      break;
    case LIMIT_SETTING_IDS.cpu:
      if (n === 0) delete next.cpuPercent;
      else next.cpuPercent = n;
      break;
    case LIMIT_SETTING_IDS.processes:
      if (n === 0) delete next.maxProcesses;
      else next.maxProcesses = n;
      break;
    default:
      throw badRequest('Setting not found');
  }
  const parsed = ResourceLimitsSchema.safeParse(next);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid limit');
  return parsed.data;
}
