import pino from 'pino';

/**
 * The core's one logger (pino, shared with Fastify). Modules receive it (or a child with their own
 * bindings); nothing in the core writes to the console directly except the command-line entry.
 */
export type Logger = pino.Logger;

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'silent';

export function createLogger(level: LogLevel): Logger {
  return pino({ level });
}
