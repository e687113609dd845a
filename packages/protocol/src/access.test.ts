import { describe, expect, it } from 'vitest';
import {
  apiKeyNameProblem,
  apiKeyNameProblemText,
  isApiKey,
  readTwoFactorChallenge,
} from './access.ts';
import { apiRoutes } from './routes.ts';
import { TWO_FACTOR_ENROLMENT_ROUTES } from './access.ts';

describe('the login answer with two-factor sign-in on', () => {
  it('reads the challenge from the envelope, as an object or as the JSON text the core sends', () => {
    const body = {
      kind: 'Unauthorized',
      causes: ['Two-factor code required'],
      two_factor: { challenge: 'abc', expires_in: 300 },
    };
    expect(readTwoFactorChallenge(body)).toEqual({ challenge: 'abc', expires_in: 300 });
    expect(readTwoFactorChallenge(JSON.stringify(body))).toEqual({
      challenge: 'abc',
      expires_in: 300,
    });
  });

  it('finds none in any other answer', () => {
    expect(readTwoFactorChallenge({ kind: 'Unauthorized', causes: ['Credential mismatch'] })).toBe(
      null,
    );
    expect(readTwoFactorChallenge('not json')).toBe(null);
    expect(readTwoFactorChallenge(null)).toBe(null);
  });
});

describe('API keys', () => {
  it('are told from JWTs and task tokens by their prefix', () => {
    expect(isApiKey('hth_abc')).toBe(true);
    expect(isApiKey('eyJhbGciOiJIUzUxMiJ9.e30.x')).toBe(false);
    expect(isApiKey('hearth-task.abc')).toBe(false);
  });

  it('names are 1–64 characters without control characters', () => {
    expect(apiKeyNameProblem('deploy')).toBe(null);
    expect(apiKeyNameProblem('  ')).toBe('empty');
    expect(apiKeyNameProblem('x'.repeat(65))).toBe('too_long');
    expect(apiKeyNameProblem('a\nb')).toBe('control_character');
  });

  it('the core words each problem in English as it always has', () => {
    expect(apiKeyNameProblemText('empty')).toBe('Name is required');
    expect(apiKeyNameProblemText('too_long')).toBe('Name cannot be longer than 64 characters');
    expect(apiKeyNameProblemText('control_character')).toBe(
      'Name cannot contain control characters',
    );
  });
});

describe('two-factor enrolment', () => {
  it('lets through only routes that exist', () => {
    for (const name of TWO_FACTOR_ENROLMENT_ROUTES) expect(apiRoutes[name]).toBeDefined();
  });
});
