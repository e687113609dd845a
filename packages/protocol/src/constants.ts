// Every number the spec fixes lives here, with the section it comes from.

/** dashboard.md §1, core-api.md §0: the version both halves speak. */
export const HEARTH_VERSION = '0.5.1';
/** dashboard.md §9: default core port, protocol, API version, local address. */
export const DEFAULT_CORE_PORT = 16662;
export const DEFAULT_PROTOCOL = 'http';
export const DEFAULT_API_VERSION = 'v1';
export const LOCAL_CORE_ADDRESS = 'localhost';
export const API_PREFIX = '/api/v1';

/** core-api.md §2.2: snowflake epoch (ms) and timestamp shift. */
export const SNOWFLAKE_EPOCH_MS = 1667530800000n;
export const SNOWFLAKE_TIMESTAMP_SHIFT = 22n;

/** core-api.md §3.9: buffers and limits. */
export const EVENT_RING_SIZE = 512;
export const CONSOLE_RING_SIZE = 1024;
export const MONITOR_RING_SIZE = 64;
export const MONITOR_INTERVAL_MS = 1000;
export const JWT_LIFETIME_SECONDS = 60 * 24 * 60 * 60;
export const SETUP_KEY_LENGTH = 16;
export const DOWNLOAD_KEY_LENGTH = 32;
export const USER_SECRET_LENGTH = 32;
export const INSTANCE_FOLDER_SUFFIX_LENGTH = 8;
export const INSTANCE_NAME_MAX = 100;

/** dashboard.md §5 / core-api.md §1.4.4: core name and domain limits. */
export const CORE_NAME_MAX = 32;
export const DOMAIN_MAX = 253;
/** core-api.md §2.3: a username's limit, counted in characters (code points) like every name. */
export const USERNAME_MAX = 32;
/** dashboard.md §5: setting widgets. */
export const SETTING_TEXT_MAX = 1024;
export const VALIDATION_DEBOUNCE_MS = 100;

/** dashboard.md §5 / §9: open port dialog. */
export const DEFAULT_OPEN_PORT = 25565;
export const PORT_MIN = 1;
export const PORT_MAX = 65535;

/** dashboard.md §9: timings. */
export const HOME_LOADER_MIN_MS = 1000;
export const INSTANCE_NOT_FOUND_SPLASH_MS = 1000;
export const LOGIN_WARNING_DELAY_MS = 5000;
export const EVENT_SOCKET_RECONNECT_MS = 1000;
export const LOCAL_PROBE_INTERVAL_MS = 3000;
export const LOCAL_PROBE_TIMEOUT_MS = 3000;
export const PATCH_VERSION_TOAST_MS = 10_000;
export const LOGIN_TOAST_MS = 5000;

/** dashboard.md §9: monitor charts. */
export const MONITOR_SAMPLES = 60;
export const MONITOR_WINDOW_S = 61;
export const GIB = 1073741824;
export const DEFAULT_MEMORY_MAX_GIB = 32;
export const CPU_CHART_MAX = 100;

/** dashboard.md §9: progress, console. */
export const PROGRESS_DISPLAY_CAP = 0.99;
export const COMMAND_HISTORY_SIZE = 50;
export const CONSOLE_SCROLL_THRESHOLD_PX = 10;
/** Hearth: console lines one dashboard view keeps (oldest dropped first); the reference keeps all. */
export const CONSOLE_CLIENT_LINE_CAP = 100_000;
/** Hearth: the largest batched console message (`…/console/stream?batch=1`), in characters. */
export const CONSOLE_BATCH_MAX_CHARS = 256 * 1024;

/** dashboard.md §9: transfers. */
export const DOWNLOAD_TIMEOUT_DIRECTORY_MS = 60_000;
export const DOWNLOAD_TIMEOUT_FILE_MS = 5000;
export const DEFAULT_REQUEST_TIMEOUT_MS = 5000;

/** dashboard.md §9: layout. */
export const FILE_LIST_WIDTH_DEFAULT = 200;
export const FILE_LIST_WIDTH_MIN = 200;
export const LEFT_NAV_WIDTH_DEFAULT = 220;
export const LEFT_NAV_WIDTH_MIN = 200;
export const LEFT_NAV_WIDTH_MAX = 280;
export const NOTIFICATION_PANEL_WIDTH = 480;
export const WIZARD_WIDTH = 812;
export const SELECT_OPTIONS_MAX_HEIGHT_REM = 15;
export const CONTEXT_MENU_SIZE = { width: 176, height: 259 } as const;
export const CONTEXT_MENU_SIZE_ARCHIVE = { width: 176, height: 337 } as const;

/** dashboard.md §5: archives the dashboard offers to unzip. */
export const UNZIP_EXTENSIONS = ['zip', 'gz', 'tgz'] as const;

/** core-api.md §1.4.14: extensions protected from non-privileged writers. */
export const PROTECTED_EXTENSIONS = [
  'jar',
  'lua',
  'sh',
  'exe',
  'bat',
  'cmd',
  'msi',
  'lodestone_config',
  'out',
  'inf',
] as const;

/** core-api.md §3.1: the marker file of an instance (the dashboard's "instance config file"). */
export const INSTANCE_CONFIG_FILE = '.lodestone_config';

/**
 * Hearth: login throttling (reference has none; issues 10 and 22). Failures an (address, username)
 * pair, and an address across all usernames (IPv6: its /64), may make before each further attempt
 * must wait: LOGIN_BACKOFF_BASE_MS, doubling with every failure, at most LOGIN_BACKOFF_MAX_MS.
 */
export const LOGIN_ATTEMPTS_PER_USERNAME = 5;
export const LOGIN_ATTEMPTS_PER_IP = 20;
export const LOGIN_BACKOFF_BASE_MS = 1000;
export const LOGIN_BACKOFF_MAX_MS = 15 * 60_000;
/** An address's failures are counted from its first one over this window; a spent address is
 * forgotten once this long has passed after its wait without a new failure. */
export const LOGIN_ADDRESS_WINDOW_MS = 15 * 60_000;
/** A pair is forgotten this long after its last failure. */
export const LOGIN_PAIR_FORGET_MS = 24 * 60 * 60_000;
/** A pair that logged in from an address is exempt from that address's budget for this long. */
export const LOGIN_KNOWN_PAIR_MS = 30 * 24 * 60 * 60_000;

/**
 * Hearth: two-factor sign-in (issue 28). TOTP as RFC 6238 with the authenticator apps' defaults
 * (HMAC-SHA1, 30 s steps, 6 digits, a 160-bit secret); a code of the step before or after the
 * current one is accepted too (clock drift), each step's code once.
 */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
export const TOTP_WINDOW_STEPS = 1;
export const TOTP_SECRET_BYTES = 20;
/** Recovery codes given when two-factor sign-in is turned on: each works once. */
export const RECOVERY_CODE_COUNT = 10;
/** Characters of a recovery code (base32: 80 random bits), shown in groups of four. */
export const RECOVERY_CODE_LENGTH = 16;
/** How long the challenge of a right password waits for its code, and how many codes it takes. */
export const TWO_FACTOR_CHALLENGE_SECONDS = 5 * 60;
export const TWO_FACTOR_CHALLENGE_ATTEMPTS = 5;
/** Hearth: API keys (issue 28). What every key starts with (a JWT starts with `eyJ`). */
export const API_KEY_PREFIX = 'hth_';
/** Characters of a key shown in lists (the prefix and the first random characters). */
export const API_KEY_SHOWN_LENGTH = 12;
export const API_KEY_NAME_MAX = 64;
/** A key's or a session's last use is written at most this often (it is kept in memory between). */
export const ACCESS_TOUCH_INTERVAL_MS = 60_000;
/** Close code of a socket whose user, session or API key was signed out or revoked. */
export const SESSION_ENDED_CLOSE_CODE = 4001;

/** Hearth event log (issue 14): entries per page by default and at most. */
export const LOG_PAGE_SIZE = 100;
export const LOG_PAGE_MAX = 500;
/** Hearth event log: the longest text search. */
export const LOG_TEXT_MAX = 200;

/**
 * Hearth SFTP (issue 28): the server's default port (Pterodactyl Wings' too), how many characters of
 * an instance's uuid name it in an SFTP username (`alice.1a2b3c4d`; more when two instances share
 * them), a key's name length and how many keys one user may add.
 */
export const DEFAULT_SFTP_PORT = 2022;
export const SFTP_SHORT_ID_LENGTH = 8;
export const SSH_KEY_NAME_MAX = 64;
export const SSH_KEYS_PER_USER_MAX = 50;
