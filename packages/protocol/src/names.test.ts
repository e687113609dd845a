import { describe, expect, it } from 'vitest';
import { CORE_NAME_MAX, DOMAIN_MAX, INSTANCE_NAME_MAX, USERNAME_MAX } from './constants.ts';
import { coreNameProblem, domainProblem, instanceNameProblem, usernameProblem } from './names.ts';

describe('instanceNameProblem', () => {
  it('accepts a name of 1 to 100 characters, judged after trimming', () => {
    expect(instanceNameProblem('My Server')).toBeNull();
    expect(instanceNameProblem('  x  ')).toBeNull();
    expect(instanceNameProblem('a'.repeat(INSTANCE_NAME_MAX))).toBeNull();
    expect(instanceNameProblem(` ${'a'.repeat(INSTANCE_NAME_MAX)} `)).toBeNull();
  });

  it('refuses an empty name', () => {
    expect(instanceNameProblem('')).toBe('Instance name cannot be empty');
    expect(instanceNameProblem(' \t ')).toBe('Instance name cannot be empty');
  });

  it('counts code points, not UTF-16 units', () => {
    const emoji = '🎮'; // two UTF-16 units, one code point
    expect(emoji.length).toBe(2);
    expect(instanceNameProblem(emoji.repeat(INSTANCE_NAME_MAX))).toBeNull();
    expect(instanceNameProblem(emoji.repeat(INSTANCE_NAME_MAX + 1))).toBe(
      'Instance name cannot be longer than 100 characters',
    );
    expect(instanceNameProblem('a'.repeat(INSTANCE_NAME_MAX + 1))).toBe(
      'Instance name cannot be longer than 100 characters',
    );
  });

  it('refuses control characters and path separators', () => {
    expect(instanceNameProblem('a\u0000b')).toBe('Instance name cannot contain control characters');
    expect(instanceNameProblem('a\nb')).toBe('Instance name cannot contain control characters');
    expect(instanceNameProblem('a\u007fb')).toBe('Instance name cannot contain control characters');
    expect(instanceNameProblem('../x')).toBe('Instance name cannot contain "/" or "\\"');
    expect(instanceNameProblem('a\\b')).toBe('Instance name cannot contain "/" or "\\"');
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
    expect(usernameProblem(' ')).toBe('Username is required');
    expect(usernameProblem('😀'.repeat(USERNAME_MAX))).toBeNull();
    expect(usernameProblem('u'.repeat(USERNAME_MAX + 1))).toBe(
      'Username cannot be longer than 32 characters',
    );
    expect(usernameProblem('a:b')).toBe('Username cannot contain control characters or ":"');
    expect(usernameProblem('a\u007fb')).toBe('Username cannot contain control characters or ":"');
  });
});
