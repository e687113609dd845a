import { describe, expect, it } from 'vitest';
import { validateCreateUser, validatePasswordChange, validateUsername } from './user-validation.ts';

describe('create user validation (dashboard.md §5)', () => {
  it('names every missing field', () => {
    expect(validateCreateUser({ username: ' ', password: '', confirmPassword: '' })).toEqual({
      username: 'Username is required',
      password: 'Password is required',
      confirmPassword: 'Password confirmation is required',
    });
  });

  it('requires matching passwords', () => {
    expect(validateCreateUser({ username: 'bob', password: 'a', confirmPassword: 'b' })).toEqual({
      confirmPassword: 'Passwords must match',
    });
    expect(validateCreateUser({ username: 'bob', password: 'a', confirmPassword: 'a' })).toEqual(
      {},
    );
  });
});

describe("username validation (the core's rule, from protocol)", () => {
  it('refuses what the core refuses: over 32 characters, control characters, ":"', () => {
    expect(validateUsername('u'.repeat(32))).toBeNull();
    expect(validateUsername('u'.repeat(33))).toBe('Username cannot be longer than 32 characters');
    expect(validateUsername('a:b')).toBe('Username cannot contain control characters or ":"');
    expect(validateUsername('a\u0007b')).toBe('Username cannot contain control characters or ":"');
    expect(
      validateCreateUser({ username: 'u'.repeat(33), password: 'a', confirmPassword: 'a' }),
    ).toEqual({ username: 'Username cannot be longer than 32 characters' });
  });

  it('counts an emoji as one character', () => {
    expect(validateUsername('😀'.repeat(32))).toBeNull();
  });
});

describe('password change validation (dashboard.md §5)', () => {
  const ok = { oldPassword: '', password: 'new', confirmPassword: 'new' };

  it('asks for the old password only when changing your own', () => {
    expect(validatePasswordChange(ok, false)).toEqual({});
    expect(validatePasswordChange(ok, true)).toEqual({ oldPassword: 'Old password is required' });
    expect(validatePasswordChange({ ...ok, oldPassword: 'old' }, true)).toEqual({});
  });

  it('applies the password rules', () => {
    expect(
      validatePasswordChange({ oldPassword: '', password: '', confirmPassword: '' }, false),
    ).toEqual({
      password: 'Password is required',
      confirmPassword: 'Password confirmation is required',
    });
    expect(validatePasswordChange({ ...ok, confirmPassword: 'other' }, false)).toEqual({
      confirmPassword: 'Passwords must match',
    });
  });

  it('a username must not be blank', () => {
    expect(validateUsername('  ')).toBe('Username is required');
    expect(validateUsername('bob')).toBeNull();
  });
});
