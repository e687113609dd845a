import { INSTANCE_NAME_MAX } from '@hearth/protocol';
import { badRequest } from '../errors.ts';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** An instance name: 1–100 characters, no control characters and no path separators. */
export function validateInstanceName(raw: unknown): string {
  if (typeof raw !== 'string') throw badRequest('Instance name must be a string');
  const name = raw.trim();
  if (name.length === 0) throw badRequest('Instance name cannot be empty');
  if ([...name].length > INSTANCE_NAME_MAX)
    throw badRequest(`Instance name cannot be longer than ${INSTANCE_NAME_MAX} characters`);
  if (CONTROL.test(name)) throw badRequest('Instance name cannot contain control characters');
  if (/[/\\]/.test(name)) throw badRequest('Instance name cannot contain "/" or "\\"');
  return name;
}

export function validateDescription(raw: unknown): string {
  if (typeof raw !== 'string') throw badRequest('Description must be a string');
  if (raw.length > 10_000) throw badRequest('Description is too long');
  return raw;
}

/** A JSON boolean body (`auto_start`, `restart_on_crash`). */
export function booleanBody(name: string): (raw: unknown) => boolean {
  return (raw) => {
    if (typeof raw !== 'boolean') throw badRequest(`${name} must be a JSON boolean`);
    return raw;
  };
}

/** A console command: one line of text. */
export function validateCommand(raw: unknown): string {
  if (typeof raw !== 'string') throw badRequest('The command must be a JSON string');
  if (/[\r\n]/.test(raw)) throw badRequest('The command must be a single line');
  return raw;
}

/** A player limit: an unsigned 32-bit integer. */
export function validatePlayerLimit(raw: unknown): number {
  if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 0 || raw > 4294967295) {
    throw badRequest('The player limit must be an unsigned integer');
  }
  return raw;
}
