import { instanceNameProblem, instanceNameProblemText } from '@hearth/protocol';
import { badRequest } from '../errors.ts';

/** An instance name by the protocol's rule (1–100 code points, no control characters or slashes). */
export function validateInstanceName(raw: unknown): string {
  if (typeof raw !== 'string') throw badRequest('Instance name must be a string');
  const problem = instanceNameProblem(raw);
  if (problem !== null) throw badRequest(instanceNameProblemText(problem));
  return raw.trim();
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
