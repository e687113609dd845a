// A real Minecraft client for tests: joins a server (flying-squid, or anything on 127.0.0.1) as an
// offline-mode player and resolves once it has spawned in the world.
import mineflayer, { type Bot } from 'mineflayer';

export interface JoinBotOptions {
  host: string;
  port: number;
  username: string;
  /** Minecraft version to speak; omitted = ask the server (a status ping first). */
  version?: string;
  /** How long to wait for the spawn (default 30 s). */
  timeoutMs?: number;
}

export interface JoinedBot {
  bot: Bot;
  /** Disconnects and waits until the connection is closed. */
  leave: () => Promise<void>;
}

const DEFAULT_JOIN_TIMEOUT_MS = 30_000;

function reasonText(reason: unknown): string {
  if (typeof reason === 'string') return reason;
  try {
    return JSON.stringify(reason);
  } catch {
    return String(reason);
  }
}

export function joinBot(options: JoinBotOptions): Promise<JoinedBot> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_JOIN_TIMEOUT_MS;
  const where = `${options.host}:${options.port}`;
  const bot = mineflayer.createBot({
    host: options.host,
    port: options.port,
    username: options.username,
    auth: 'offline',
    hideErrors: true,
    checkTimeoutInterval: timeoutMs,
    ...(options.version === undefined ? {} : { version: options.version }),
  });

  let ended = false;
  const endedPromise = new Promise<void>((resolve) => {
    bot.once('end', () => {
      ended = true;
      resolve();
    });
  });

  const leave = async (): Promise<void> => {
    if (!ended) bot.quit();
    await endedPromise;
  };

  return new Promise<JoinedBot>((resolve, reject) => {
    let settled = false;
    const fail = (why: string): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (!ended) bot.end();
      reject(new Error(`Bot ${options.username} could not join ${where}: ${why}`));
    };
    const timer = setTimeout(
      () => fail(`no spawn within ${Math.round(timeoutMs / 1000)} s`),
      timeoutMs,
    );
    bot.once('spawn', () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ bot, leave });
    });
    bot.once('kicked', (reason) => fail(`kicked: ${reasonText(reason)}`));
    bot.once('error', (error) => fail(error.message));
    bot.once('end', (reason) => fail(`connection ended (${reason})`));
  });
}
