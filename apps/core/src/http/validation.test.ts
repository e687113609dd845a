import { describe, expect, it } from 'vitest';
import { CredentialsSchema, InstanceUuidSchema } from '@hearth/protocol';
import { CoreError } from '../errors.ts';
import { parseWith } from './validation.ts';

// Nothing here builds a classic zod schema, so only validation.ts's own locale setting can make
// the protocol's (zod/mini) issues English.
function causesOf(run: () => unknown): string[] {
  try {
    run();
  } catch (err) {
    if (err instanceof CoreError) return err.causes;
    throw err;
  }
  throw new Error('parsed without an error');
}

describe('parseWith', () => {
  it('answers the parsed value', () => {
    expect(parseWith(CredentialsSchema, { username: 'a', password: 'b', extra: 1 })).toEqual({
      username: 'a',
      password: 'b',
    });
  });

  it('tells the causes of a 400 in English, also for the protocol’s zod/mini schemas', () => {
    expect(causesOf(() => parseWith(CredentialsSchema, { username: 'a' }))).toEqual([
      'Request body is invalid',
      'password: Invalid input: expected string, received undefined',
    ]);
    expect(causesOf(() => parseWith(InstanceUuidSchema, '', 'uuid'))).toEqual([
      'uuid is invalid',
      'uuid: Too small: expected string to have >=1 characters',
    ]);
  });
});
