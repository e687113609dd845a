import { describe, expect, it } from 'vitest';
import { CORE_NAME_MAX, DOMAIN_MAX, INSTANCE_NAME_MAX, USERNAME_MAX } from './constants.ts';
import {
  coreNameProblem,
  domainProblem,
  instanceNameProblem,
  instanceNameProblemText,
  usernameProblem,
  usernameProblemText,
} from './names.ts';

describe('instanceNameProblem', () => {
  it('accepts a name of 1 to 100 characters, judged after trimming', () => {
    expect(instanceNameProblem('My Server')).toBeNull();
    expect(instanceNameProblem('  x  ')).toBeNull();
    expect(instanceNameProblem('a'.repeat(INSTANCE_NAME_MAX))).toBeNull();
    expect(instanceNameProblem(` ${'a'.repeat(INSTANCE_NAME_MAX)} `)).toBeNull();
  });

  it('refuses an empty name', () => {
    expect(instanceNameProblem('')).toBe('empty');
    expect(instanceNameProblem(' \t ')).toBe('empty');
  });

  it('counts code points, not UTF-16 units', () => {
    const emoji = '🎮'; // two UTF-16 units, one code point
    expect(emoji.length).toBe(2);
    expect(instanceNameProblem(emoji.repeat(INSTANCE_NAME_MAX))).toBeNull();
    expect(instanceNameProblem(emoji.repeat(INSTANCE_NAME_MAX + 1))).toBe('too_long');
    expect(instanceNameProblem('a'.repeat(INSTANCE_NAME_MAX + 1))).toBe('too_long');
  });

  it('refuses control characters and path separators', () => {
    expect(instanceNameProblem('a\u0000b')).toBe('control_character');
    expect(instanceNameProblem('a\nb')).toBe('control_character');
    expect(instanceNameProblem('a\u007fb')).toBe('control_character');
    expect(instanceNameProblem('../x')).toBe('path_separator');
    expect(instanceNameProblem('a\\b')).toBe('path_separator');
  });
});

describe('coreNameProblem, domainProblem, usernameProblem', () => {
  it('core name: trimmed, 1–32 characters counted as code points', () => {
    expect(coreNameProblem('  ')).toBe('empty');
    expect(coreNameProblem('🔥'.repeat(CORE_NAME_MAX))).toBeNull();
    expect(coreNameProblem('🔥'.repeat(CORE_NAME_MAX + 1))).toBe('too_long');
  });

  it('domain: may be empty; at most 253 characters; no white space or slashes', () => {
    expect(domainProblem('')).toBeNull();
    expect(domainProblem('d'.repeat(DOMAIN_MAX))).toBeNull();
    expect(domainProblem('d'.repeat(DOMAIN_MAX + 1))).toBe('too_long');
    expect(domainProblem('a b')).toBe('bad_character');
    expect(domainProblem('a/b')).toBe('bad_character');
  });

  it('username: required, at most 32 code points, no control characters or ":"', () => {
    expect(usernameProblem(' ')).toBe('empty');
    expect(usernameProblem('😀'.repeat(USERNAME_MAX))).toBeNull();
    expect(usernameProblem('u'.repeat(USERNAME_MAX + 1))).toBe('too_long');
    expect(usernameProblem('a:b')).toBe('bad_character');
    expect(usernameProblem('a\u007fb')).toBe('bad_character');
  });
});

describe("the core's English for the codes (its wire texts, unchanged)", () => {
  it('instance names', () => {
    expect(instanceNameProblemText('empty')).toBe('Instance name cannot be empty');
    expect(instanceNameProblemText('too_long')).toBe(
      'Instance name cannot be longer than 100 characters',
    );
    expect(instanceNameProblemText('control_character')).toBe(
      'Instance name cannot contain control characters',
    );
    expect(instanceNameProblemText('path_separator')).toBe(
      'Instance name cannot contain "/" or "\\"',
    );
  });

  it('usernames', () => {
    expect(usernameProblemText('empty')).toBe('Username is required');
    expect(usernameProblemText('too_long')).toBe('Username cannot be longer than 32 characters');
    expect(usernameProblemText('bad_character')).toBe(
      'Username cannot contain control characters or ":"',
    );
  });
});
