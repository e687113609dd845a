import { describe, expect, it } from 'vitest';
import { INSTANCE_NAME_MAX } from './constants.ts';
import { instanceNameProblem } from './names.ts';

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
