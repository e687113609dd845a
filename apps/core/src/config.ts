import { isIP } from 'node:net';
import path from 'node:path';
import { DEFAULT_CORE_PORT } from '@hearth/protocol';
import { UPSTREAM_ENV_VARS } from './runtime/minecraft/upstreams.ts';
import type { PlayitRunnerTiming } from './runtime/tunnels/playit-runner.ts';
import {
  DEFAULT_MEMORY_LIMIT_MIB,
  DEFAULT_PROCESS_LIMIT,
  ISOLATION_MODES,
  type DefaultLimitSettings,
  type IsolationMode,
} from './runtime/sandbox/index.ts';
import type { RetentionOptions } from './services/event-log/event-retention.ts';
import type { WebhookOptions } from './services/webhooks/webhook-service.ts';

export interface CoreConfig {
  /**
   * The sandbox around game servers and macros: `auto` uses bubblewrap when it works (else runs them
   * unsandboxed and warns the owner), `required` refuses to start without it, `none` never uses it.
   */
  isolation: IsolationMode;
  /**
   * Limits of a sandbox whose instance sets none (issue 22): processes and threads (default 512)
   * and memory in MiB (default 2048 for generic games; a Minecraft server gets its max RAM + 25 %
   * + 512 MiB). 0 turns that default off. CPU has no default (unlimited unless an instance sets it).
   */
  defaultLimits?: DefaultLimitSettings;
  /**
   * The seccomp filter in every game and macro sandbox (default on). Off only for a program that
   * needs a refused system call (see runtime/sandbox/README.md).
   */
  seccomp?: boolean;
  /**
   * Refuse to start when the database cannot be written (read-only file or mount), instead of
   * starting with a standing warning (default false). `--strict`, `HEARTH_STRICT=1`.
   */
  strict?: boolean;
  /**
   * Let users who are not the owner name generic definitions on loopback, link-local and private
   * addresses (a definition server on the LAN). Default false: only the owner's definition URLs
   * may point there. `--private-definitions`, `HEARTH_PRIVATE_DEFINITIONS=1`.
   */
  privateDefinitions?: boolean;
  /** Where the database, instances and everything else live. */
  dataDir: string;
  port: number;
  host: string;
  /** The address the SFTP server binds when the owner turns it on (default: `host`). */
  sftpHost?: string;
  /** The folder the global file routes (`/fs/...`) serve (default `<dataDir>/global`). */
  globalDir?: string;
  /**
   * The folder whose README.md and docs/*.md are served as pages at `/docs/` (default the
   * repository root; null: none).
   */
  docsRoot?: string | null;
  /** Built dashboard to serve at `/`; null serves nothing there. */
  dashboardDir: string | null;
  tls: { certPath: string; keyPath: string } | null;
  /** Grace period between the stop command and a forced kill (ms). */
  stopTimeoutMs: number;
  /** Start servers marked auto_start when the core boots. */
  autoStart: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'silent';
  /**
   * Reverse proxies whose `X-Forwarded-For` names the client (addresses, CIDRs, or `loopback`,
   * `linklocal`, `uniquelocal`); empty (default): the header is ignored and the peer is the client.
   */
  trustedProxies?: string[];
  /**
   * Test only (`HEARTH_TEST_CLOCK=1`): schedules run on a clock that only the owner moves, through
   * `POST /test/clock/advance` (the route does not exist otherwise). Never set it in production.
   */
  testClock?: boolean;
  /** Test only: where the test clock starts (default: the real time at boot). */
  testClockStart?: number;
  /**
   * Hook for tests: parse every answer of a route the protocol has a response schema for
   * (`apiResponses`) with it; a drift is a 500 and so a failing test. Never set in production.
   */
  checkResponses?: boolean;
  /** Hook for tests: where the setup key goes (default: stdout). */
  onSetupKey?: (key: string) => void;
  /**
   * Upstream base URLs and other per-feature settings are merged in by later modules. Minecraft reads
   * the keys of `MinecraftUpstreams` (mojangVersionManifest, fabricMeta, paperApi, forgeMetadata,
   * forgeMaven, adoptiumApi, mojangProfileApi); a missing key means the public service.
   */
  upstreams?: Record<string, string>;
  /** The Java command used when an instance has none set (default: `java` on the PATH). */
  javaCommand?: string | null;
  /** Crash-loop guard for restart_on_crash (default: 3 restarts within 300 000 ms, 1000 ms apart). */
  crashRestarts?: { max?: number; windowMs?: number; delayMs?: number };
  /** UPnP gateway discovery (default: SSDP multicast 239.255.255.250:1900, 3 s time-out). */
  gateway?: {
    ssdpAddress?: string;
    ssdpPort?: number;
    descriptionUrl?: string;
    timeoutMs?: number;
  };
  /**
   * Instance files: the per-instance extraction budget and entry cap (default 4 GiB, 100,000
   * entries; one extraction per instance at a time), download-key lifetime
   * (default 1 hour) and, for tests, the clock keys are checked against (default Date.now).
   */
  files?: {
    maxExtractBytes?: number;
    maxExtractEntries?: number;
    downloadKeyTtlMs?: number;
    now?: () => number;
  };
  /**
   * The playit.gg agent (core-api.md §3.14): the provider's API and control server (default the
   * real service), the claim page base, and whether a runner that was running when the core stopped
   * starts again at boot (default off). `timing`/`claimPollIntervalMs` are for tests.
   */
  playit?: PlayitConfig;
  /**
   * Event history retention (default: 90 days and 1,000,000 event log entries, 0 = no limit),
   * pruned every 10 minutes in batches of 2000 rows; tests set the clock and the pace.
   */
  eventRetention?: Partial<RetentionOptions>;
  /** Webhook delivery: queue size, attempts, backoff, time-out, and for tests the DNS resolver. */
  webhooks?: Partial<WebhookOptions>;
  /** Test only: the clock two-factor codes are checked against (default Date.now). */
  access?: { now?: () => number };
  /**
   * Modrinth's API root for the Add-ons tab (default `https://api.modrinth.com`; paths add `/v2`).
   * `--modrinth-api-url`, `HEARTH_MODRINTH_API_URL`: a mirror, or a local test server.
   */
  modrinthApiUrl?: string;
  /**
   * `--avatar-url`: where player avatars are fetched from (once each, then kept in the data
   * directory; default mc-heads.net), or null (`off`): never fetched, a drawn initial instead.
   */
  avatarUpstream?: string | null;
}

export interface PlayitConfig {
  apiUrl?: string;
  controlAddr?: string;
  claimPageUrl?: string;
  autoStart?: boolean;
  claimPollIntervalMs?: number;
  timing?: Partial<PlayitRunnerTiming>;
}

export function defaultConfig(overrides: Partial<CoreConfig> = {}): CoreConfig {
  return {
    dataDir: path.resolve('data'),
    port: DEFAULT_CORE_PORT,
    host: '::',
    dashboardDir: null,
    tls: null,
    stopTimeoutMs: 30_000,
    isolation: 'auto',
    autoStart: true,
    logLevel: 'info',
    ...overrides,
  };
}

export class ConfigError extends Error {}

/** Flags that take no value (`--strict`); `--strict=off` is accepted too. */
export const CONFIG_SWITCHES: ReadonlySet<string> = new Set(['strict', 'private-definitions']);

function parseSwitch(name: string, text: string | undefined): boolean | undefined {
  if (text === undefined) return undefined;
  const value = text.trim().toLowerCase();
  if (['1', 'true', 'on', 'yes'].includes(value)) return true;
  if (['', '0', 'false', 'off', 'no'].includes(value)) return false;
  throw new ConfigError(`Invalid ${name} (on or off): ${text}`);
}

const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function parseTrustedProxies(text: string | undefined): string[] {
  if (text === undefined || text.trim() === '') return [];
  return text.split(',').map((raw) => {
    const entry = raw.trim();
    if (PROXY_RANGES.has(entry)) return entry;
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    const bits = family === 4 ? 32 : 128;
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits);
    if (family === 0 || rest.length > 0 || !prefixOk)
      throw new ConfigError(`Invalid trusted proxy (an address or CIDR): ${entry}`);
    return entry;
  });
}

function parseHttpUrl(what: string, text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigError(`Invalid ${what} (an http or https URL): ${text}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConfigError(`Invalid ${what} (an http or https URL): ${text}`);
  return text;
}

function parsePlayit(pick: (flag: string, envName: string) => string | undefined): PlayitConfig {
  const config: PlayitConfig = {};
  const apiUrl = pick('playit-api-url', 'HEARTH_PLAYIT_API_URL');
  if (apiUrl) config.apiUrl = parseHttpUrl('playit API URL', apiUrl);
  const claimUrl = pick('playit-claim-url', 'HEARTH_PLAYIT_CLAIM_URL');
  if (claimUrl) config.claimPageUrl = parseHttpUrl('playit claim page URL', claimUrl);
  const control = pick('playit-control-addr', 'HEARTH_PLAYIT_CONTROL_ADDR');
  if (control) {
    const match = /^(.+):(\d{1,5})$/.exec(control);
    const port = Number(match?.[2]);
    if (!match || port < 1 || port > 65535)
      throw new ConfigError(`Invalid playit control address (host:port): ${control}`);
    config.controlAddr = control;
  }
  const autoStart = pick('playit-autostart', 'HEARTH_PLAYIT_AUTOSTART');
  if (autoStart !== undefined) {
    if (autoStart !== 'on' && autoStart !== 'off')
      throw new ConfigError(`Invalid playit autostart (on or off): ${autoStart}`);
    config.autoStart = autoStart === 'on';
  }
  return config;
}

/** `--sftp-host`: an address to bind, like `--host` (absent: the SFTP server binds `--host`). */
function sftpHost(text: string | undefined): { sftpHost?: string } {
  if (text === undefined || text.trim() === '') return {};
  const host = text.trim();
  if (isIP(host) === 0 && !/^[a-z0-9.-]+$/i.test(host))
    throw new ConfigError(`Invalid SFTP host (an address or host name): ${text}`);
  return { sftpHost: host };
}

/** Every command-line option `--name`; its environment variable is `HEARTH_NAME` (capitals, `_` for `-`). */
export const CONFIG_OPTIONS = [
  'port',
  'host',
  'data-dir',
  'tls-cert',
  'tls-key',
  'dashboard-dir',
  'stop-timeout',
  'log-level',
  'java',
  'crash-restarts',
  'crash-window',
  'trusted-proxies',
  'extract-budget',
  'isolation',
  'playit-api-url',
  'playit-control-addr',
  'playit-claim-url',
  'playit-autostart',
  'event-retention-days',
  'event-retention-count',
  'global-dir',
  'default-process-limit',
  'default-memory-limit',
  'seccomp',
  'strict',
  'private-definitions',
  'sftp-host',
  'avatar-url',
  'modrinth-api-url',
] as const;

/** Parses `--flag value` / `--flag=value` and HEARTH_* environment variables (flags win). */
export function parseConfig(argv: string[], env: NodeJS.ProcessEnv, cwd: string): CoreConfig {
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) throw new ConfigError(`Unexpected argument: ${arg}`);
    const eq = arg.indexOf('=');
    if (eq > 0) {
      flags.set(arg.slice(2, eq), arg.slice(eq + 1));
    } else if (CONFIG_SWITCHES.has(arg.slice(2))) {
      flags.set(arg.slice(2), 'on');
    } else {
      const value = argv[i + 1];
      if (value === undefined || value.startsWith('--'))
        throw new ConfigError(`Missing value for ${arg}`);
      flags.set(arg.slice(2), value);
      i++;
    }
  }
  const known = new Set<string>(CONFIG_OPTIONS);
  for (const key of flags.keys())
    if (!known.has(key)) throw new ConfigError(`Unknown option: --${key}`);

  const pick = (flag: string, envName: string) => flags.get(flag) ?? env[envName];
  const portText = pick('port', 'HEARTH_PORT');
  const port = portText === undefined ? DEFAULT_CORE_PORT : Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new ConfigError(`Invalid port: ${portText}`);
  const dataDir = path.resolve(cwd, pick('data-dir', 'HEARTH_DATA_DIR') ?? 'data');
  const cert = pick('tls-cert', 'HEARTH_TLS_CERT');
  const key = pick('tls-key', 'HEARTH_TLS_KEY');
  if ((cert && !key) || (!cert && key))
    throw new ConfigError('TLS needs both --tls-cert and --tls-key');
  const stopText = pick('stop-timeout', 'HEARTH_STOP_TIMEOUT');
  const stopSeconds = stopText === undefined ? 30 : Number(stopText);
  if (!Number.isFinite(stopSeconds) || stopSeconds < 0)
    throw new ConfigError(`Invalid stop timeout: ${stopText}`);
  const level = pick('log-level', 'HEARTH_LOG_LEVEL') ?? 'info';
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'silent'].includes(level))
    throw new ConfigError(`Invalid log level: ${level}`);
  const dashboardDir = pick('dashboard-dir', 'HEARTH_DASHBOARD_DIR');
  const globalDir = pick('global-dir', 'HEARTH_GLOBAL_DIR');
  const upstreams: Record<string, string> = {};
  for (const [key, name] of Object.entries(UPSTREAM_ENV_VARS)) {
    const value = env[name];
    if (value !== undefined && value !== '') upstreams[key] = value;
  }
  const crashText = pick('crash-restarts', 'HEARTH_CRASH_RESTARTS');
  const crashMax = crashText === undefined ? 3 : Number(crashText);
  if (!Number.isInteger(crashMax) || crashMax < 0)
    throw new ConfigError(`Invalid crash restart limit: ${crashText}`);
  const windowText = pick('crash-window', 'HEARTH_CRASH_WINDOW');
  const windowSeconds = windowText === undefined ? 300 : Number(windowText);
  if (!Number.isFinite(windowSeconds) || windowSeconds <= 0)
    throw new ConfigError(`Invalid crash window: ${windowText}`);
  const budgetText = pick('extract-budget', 'HEARTH_EXTRACT_BUDGET');
  const budgetMiB = budgetText === undefined ? 4096 : Number(budgetText);
  if (!Number.isInteger(budgetMiB) || budgetMiB <= 0)
    throw new ConfigError(`Invalid extraction budget (MiB): ${budgetText}`);
  const isolation = pick('isolation', 'HEARTH_ISOLATION') ?? 'auto';
  if (!(ISOLATION_MODES as readonly string[]).includes(isolation))
    throw new ConfigError(`Invalid isolation mode: ${isolation} (auto, required or none)`);
  const count = (flag: string, envName: string, fallback: number, what: string) => {
    const text = pick(flag, envName);
    const value = text === undefined ? fallback : Number(text);
    if (!Number.isInteger(value) || value < 0) throw new ConfigError(`Invalid ${what}: ${text}`);
    return value;
  };
  const seccomp = pick('seccomp', 'HEARTH_SECCOMP') ?? 'on';
  if (seccomp !== 'on' && seccomp !== 'off')
    throw new ConfigError(`Invalid seccomp setting (on or off): ${seccomp}`);
  const maxProcesses = count(
    'default-process-limit',
    'HEARTH_DEFAULT_PROCESS_LIMIT',
    DEFAULT_PROCESS_LIMIT,
    'default process limit',
  );
  if (maxProcesses !== 0 && maxProcesses < 8)
    throw new ConfigError('Invalid default process limit: at least 8, or 0 for none');
  const memoryMib = count(
    'default-memory-limit',
    'HEARTH_DEFAULT_MEMORY_LIMIT',
    DEFAULT_MEMORY_LIMIT_MIB,
    'default memory limit (MiB)',
  );
  if (memoryMib !== 0 && memoryMib < 16)
    throw new ConfigError('Invalid default memory limit (MiB): at least 16, or 0 for none');
  const defaultLimits: DefaultLimitSettings = { maxProcesses, memoryMib };
  const eventRetention = {
    days: count('event-retention-days', 'HEARTH_EVENT_RETENTION_DAYS', 90, 'event retention days'),
    maxEvents: count(
      'event-retention-count',
      'HEARTH_EVENT_RETENTION_COUNT',
      1_000_000,
      'event retention count',
    ),
  };
  const strict = parseSwitch('strict', pick('strict', 'HEARTH_STRICT'));
  const privateDefinitions = parseSwitch(
    'private-definitions',
    pick('private-definitions', 'HEARTH_PRIVATE_DEFINITIONS'),
  );
  const avatarUrl = pick('avatar-url', 'HEARTH_AVATAR_URL');
  const modrinth = pick('modrinth-api-url', 'HEARTH_MODRINTH_API_URL');
  return defaultConfig({
    ...(avatarUrl === undefined
      ? {}
      : { avatarUpstream: avatarUrl === 'off' ? null : parseHttpUrl('avatar URL', avatarUrl) }),
    ...(modrinth ? { modrinthApiUrl: parseHttpUrl('Modrinth API URL', modrinth) } : {}),
    ...(strict === undefined ? {} : { strict }),
    ...(privateDefinitions === undefined ? {} : { privateDefinitions }),
    eventRetention,
    playit: parsePlayit(pick),
    isolation: isolation as IsolationMode,
    defaultLimits,
    seccomp: seccomp === 'on',
    testClock: env.HEARTH_TEST_CLOCK === '1',
    files: { maxExtractBytes: budgetMiB * 1024 * 1024 },
    trustedProxies: parseTrustedProxies(pick('trusted-proxies', 'HEARTH_TRUSTED_PROXIES')),
    upstreams,
    javaCommand: pick('java', 'HEARTH_JAVA') ?? null,
    crashRestarts: { max: crashMax, windowMs: windowSeconds * 1000 },
    dataDir,
    port,
    host: pick('host', 'HEARTH_HOST') ?? '::',
    ...sftpHost(pick('sftp-host', 'HEARTH_SFTP_HOST')),
    dashboardDir: dashboardDir ? path.resolve(cwd, dashboardDir) : null,
    ...(globalDir ? { globalDir: path.resolve(cwd, globalDir) } : {}),
    tls:
      cert && key ? { certPath: path.resolve(cwd, cert), keyPath: path.resolve(cwd, key) } : null,
    stopTimeoutMs: stopSeconds * 1000,
    logLevel: level as CoreConfig['logLevel'],
  });
}
