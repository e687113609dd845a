import { describe, expect, it } from 'vitest';
import { validateLogin, validateOwnerSetup } from './validation.ts';

describe('sign-in validation', () => {
  it('requires both fields', () => {
    expect(validateLogin({ username: '', password: '' })).toEqual({
      username: 'Username is required',
      password: 'Password is required',
    });
    expect(validateLogin({ username: '  ', password: 'x' })).toEqual({
      username: 'Username is required',
    });
    expect(validateLogin({ username: 'a', password: 'x' })).toEqual({});
  });
});

describe('owner setup validation', () => {
  const ok = {
    username: 'owner',
    setupKey: 'ABCDEFGH12345678',
    password: 'pw',
    confirmPassword: 'pw',
  };

  it('passes complete, matching input', () => {
    expect(validateOwnerSetup(ok)).toEqual({});
  });

  it("refuses an owner name the core's username rule refuses", () => {
    expect(validateOwnerSetup({ ...ok, username: 'o'.repeat(33) })).toEqual({
      username: 'Username cannot be longer than 32 characters',
    });
  });

  it('names every missing field', () => {
    expect(
      validateOwnerSetup({ username: '', setupKey: '', password: '', confirmPassword: '' }),
    ).toEqual({
      username: 'Username is required',
      setupKey: 'Setup key is required',
      password: 'Password is required',
      confirmPassword: 'Password confirmation is required',
    });
  });

  it('requires the confirmation to match', () => {
    expect(validateOwnerSetup({ ...ok, confirmPassword: 'other' })).toEqual({
      confirmPassword: 'Password confirmation must match password',
    });
  });
});
