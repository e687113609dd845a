import { describe, expect, it } from 'vitest';
import { parseErrorBody } from '@hearth/protocol';
import { ApiError } from '@/lib/api-client.ts';
import { MissingTokenError, loginErrorMessage } from './login-error.ts';

const http = (status: number, body: unknown) =>
  new ApiError({ type: 'http', status, statusText: 'x', body }, undefined, parseErrorBody(body));

describe('loginErrorMessage (dashboard.md §8)', () => {
  it('shows Error: {kind}: {causes} for 401, 403 and 500', () => {
    expect(
      loginErrorMessage(http(401, { kind: 'Unauthorized', causes: ['Credential mismatch'] })),
    ).toBe('Error: Unauthorized: Credential mismatch');
    expect(loginErrorMessage(http(403, { kind: 'PermissionDenied', causes: ['Nope'] }))).toBe(
      'Error: PermissionDenied: Nope',
    );
    expect(loginErrorMessage(http(500, '{"kind":"Internal","causes":["db","locked"]}'))).toBe(
      'Error: Internal: db, locked',
    );
  });

  it('shows Login failed: {message} for anything else', () => {
    expect(
      loginErrorMessage(http(400, { kind: 'BadRequest', causes: ['You must provide a password'] })),
    ).toBe('Login failed: Bad Request: You must provide a password');
    expect(loginErrorMessage(new ApiError({ type: 'network', code: 'ERR_NETWORK' }))).toBe(
      'Login failed: Network error',
    );
  });

  it('turns a reply without a token into Wrong username or password', () => {
    expect(loginErrorMessage(new MissingTokenError())).toBe('Wrong username or password');
  });
});
