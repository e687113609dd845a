import { describe, expect, it } from 'vitest';
import { parseErrorBody } from '@hearth/protocol';
import { ApiError } from './api-client.ts';
import { toUserMessage } from './errors.ts';

const http = (status: number, statusText: string, body: unknown) =>
  new ApiError({ type: 'http', status, statusText, body }, undefined, parseErrorBody(body));

describe('toUserMessage (dashboard.md §8)', () => {
  it('shows a {kind,causes} body as the spaced kind, a colon and the causes', () => {
    expect(
      toUserMessage(http(404, 'Not Found', { kind: 'NotFound', causes: ['Instance not found'] })),
    ).toBe('Not Found: Instance not found');
    expect(
      toUserMessage(http(403, 'Forbidden', { kind: 'PermissionDenied', causes: ['No'] })),
    ).toBe('Permission Denied: No');
  });

  it('parses an envelope that arrived as a text/plain JSON string', () => {
    expect(
      toUserMessage(http(400, 'Bad Request', '{"kind":"BadRequest","causes":["Name too long"]}')),
    ).toBe('Bad Request: Name too long');
  });

  it('turns the Authorization rejection text into the invalid-token advice', () => {
    expect(toUserMessage(http(400, 'Bad Request', '`Authorization` header is missing'))).toBe(
      'Invalid token: try to log out and log in again',
    );
  });

  it('falls back to {code}: {status text} without a kind', () => {
    expect(toUserMessage(http(502, 'Bad Gateway', '<html>proxy</html>'))).toBe('502: Bad Gateway');
  });

  it('reports network failures, time-outs and anything else', () => {
    expect(
      toUserMessage(
        new ApiError({ type: 'network', code: 'ERR_NETWORK', message: 'Failed to fetch' }),
      ),
    ).toBe('Network error');
    expect(toUserMessage(new ApiError({ type: 'network', message: 'No core selected' }))).toBe(
      'Network error: No core selected',
    );
    expect(toUserMessage(new ApiError({ type: 'timeout' }))).toBe(
      'Async call timeout limit reached',
    );
    expect(toUserMessage(new TypeError('Failed to fetch'))).toBe('Network error');
    expect(toUserMessage(new Error('boom'))).toBe('Unknown error');
    expect(toUserMessage('a string')).toBe('Unknown error');
  });
});
