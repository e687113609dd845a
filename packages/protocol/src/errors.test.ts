import { describe, expect, it } from 'vitest';
import { ERROR_STATUS, clientError, parseErrorBody, requestFailureToText } from './errors.ts';
import {
  INVALID_TOKEN_TEXT,
  TIMEOUT_TEXT,
  clientErrorToText,
  kindForStatus,
  kindToText,
} from './request-failure.ts';
import type { ErrorKind } from './errors.ts';

describe('kindToText (dashboard.md §8: spaces before capitals)', () => {
  it.each([
    ['NotFound', 'Not Found'],
    ['UnsupportedOperation', 'Unsupported Operation'],
    ['BadRequest', 'Bad Request'],
    ['PermissionDenied', 'Permission Denied'],
    ['Unauthorized', 'Unauthorized'],
    ['External', 'External'],
    ['Internal', 'Internal'],
  ])('%s → %s', (kind, text) => {
    expect(kindToText(kind)).toBe(text);
  });
});

describe('clientErrorToText', () => {
  it('kind with spaces, a colon, then the causes', () => {
    expect(
      clientErrorToText({ kind: 'PermissionDenied', causes: ['Not authorized to stop instance'] }),
    ).toBe('Permission Denied: Not authorized to stop instance');
  });

  it('joins a cause chain outermost first', () => {
    expect(
      clientErrorToText({
        kind: 'Internal',
        causes: ['Failed to read file', 'No such file or directory (os error 2)'],
      }),
    ).toBe('Internal: Failed to read file: No such file or directory (os error 2)');
  });

  it('without causes shows the kind alone', () => {
    expect(clientErrorToText({ kind: 'NotFound', causes: [] })).toBe('Not Found');
    expect(clientErrorToText({ kind: 'NotFound', causes: [''] })).toBe('Not Found');
  });
});

describe('requestFailureToText (dashboard.md §8)', () => {
  const http = (status: number, statusText: string, body: unknown) =>
    requestFailureToText({ type: 'http', status, statusText, body });

  it('an envelope body (already parsed JSON)', () => {
    expect(
      http(403, 'Forbidden', { kind: 'PermissionDenied', causes: ['Setup key already used.'] }),
    ).toBe('Permission Denied: Setup key already used.');
  });

  it('an envelope sent as text/plain JSON text (core-api.md §1.3)', () => {
    expect(http(404, 'Not Found', '{"kind":"NotFound","causes":["Instance not found"]}')).toBe(
      'Not Found: Instance not found',
    );
    expect(
      http(500, 'Internal Server Error', '{"kind":"Internal","causes":["Port 25565 is in use"]}'),
    ).toBe('Internal: Port 25565 is in use');
  });

  it('a string body beginning with `Authorization` is an invalid token', () => {
    expect(http(400, 'Bad Request', '`Authorization` header is missing')).toBe(INVALID_TOKEN_TEXT);
    expect(INVALID_TOKEN_TEXT).toBe('Invalid token: try to log out and log in again');
  });

  it('the Authorization marker only counts at the start', () => {
    expect(http(400, 'Bad Request', 'Missing `Authorization` header')).toBe('400: Bad Request');
  });

  it('no kind: {code}: {status text}', () => {
    expect(
      http(415, 'Unsupported Media Type', 'Expected request with `Content-Type: application/json`'),
    ).toBe('415: Unsupported Media Type');
    expect(http(502, 'Bad Gateway', null)).toBe('502: Bad Gateway');
    expect(http(500, 'Internal Server Error', { message: 'boom' })).toBe(
      '500: Internal Server Error',
    );
    expect(http(500, 'Internal Server Error', '{not json')).toBe('500: Internal Server Error');
    // An unknown kind is not an envelope the dashboard understands.
    expect(http(418, "I'm a teapot", { kind: 'Teapot', causes: ['short and stout'] })).toBe(
      "418: I'm a teapot",
    );
  });

  it('ERR_NETWORK → Network error', () => {
    expect(
      requestFailureToText({ type: 'network', code: 'ERR_NETWORK', message: 'Network Error' }),
    ).toBe('Network error');
  });

  it('other network failures → Network error: {message}', () => {
    expect(
      requestFailureToText({
        type: 'network',
        code: 'ECONNREFUSED',
        message: 'connect ECONNREFUSED 127.0.0.1:16662',
      }),
    ).toBe('Network error: connect ECONNREFUSED 127.0.0.1:16662');
    expect(requestFailureToText({ type: 'network', message: 'socket hang up' })).toBe(
      'Network error: socket hang up',
    );
  });

  it('timeout and unknown', () => {
    expect(requestFailureToText({ type: 'timeout' })).toBe(TIMEOUT_TEXT);
    expect(TIMEOUT_TEXT).toBe('Async call timeout limit reached');
    expect(requestFailureToText({ type: 'unknown' })).toBe('Unknown error');
  });
});

describe('status mapping (core-api.md §1.3)', () => {
  it('every kind has the spec status and maps back to itself', () => {
    const expected: Record<ErrorKind, number> = {
      NotFound: 404,
      UnsupportedOperation: 501,
      BadRequest: 400,
      PermissionDenied: 403,
      Unauthorized: 401,
      External: 502,
      Internal: 500,
    };
    expect(ERROR_STATUS).toEqual(expected);
    for (const [kind, status] of Object.entries(expected)) expect(kindForStatus(status)).toBe(kind);
  });

  it('other 4xx become BadRequest, other 5xx Internal', () => {
    expect(kindForStatus(409)).toBe('BadRequest');
    expect(kindForStatus(413)).toBe('BadRequest');
    expect(kindForStatus(429)).toBe('BadRequest');
    expect(kindForStatus(503)).toBe('Internal');
    expect(kindForStatus(507)).toBe('Internal');
  });

  it('a full disk (507 Insufficient Storage, kind Internal) reads as its causes', () => {
    const body = '{"kind":"Internal","causes":["Failed to upload file","No space left on device"]}';
    expect(
      requestFailureToText({ type: 'http', status: 507, statusText: 'Insufficient Storage', body }),
    ).toBe('Internal: Failed to upload file: No space left on device');
  });

  it('clientError builds the envelope', () => {
    expect(JSON.stringify(clientError('NotFound', 'Instance not found'))).toBe(
      '{"kind":"NotFound","causes":["Instance not found"]}',
    );
    expect(clientError('Internal')).toEqual({ kind: 'Internal', causes: [] });
  });
});

describe('parseErrorBody (core-api.md §1.3, §2.12)', () => {
  it('reads the envelope from parsed JSON or from JSON text', () => {
    expect(parseErrorBody({ kind: 'NotFound', causes: ['Instance not found'] })).toEqual({
      kind: 'NotFound',
      causes: ['Instance not found'],
    });
    expect(parseErrorBody('{"kind":"BadRequest","causes":["Name too long"]}')).toEqual({
      kind: 'BadRequest',
      causes: ['Name too long'],
    });
  });

  it('is null for anything else: text, other JSON, an unknown kind, causes that are not text', () => {
    expect(parseErrorBody('`Authorization` header is missing')).toBeNull();
    expect(parseErrorBody('{not json')).toBeNull();
    expect(parseErrorBody(null)).toBeNull();
    expect(parseErrorBody({ message: 'boom' })).toBeNull();
    expect(parseErrorBody({ kind: 'Teapot', causes: [] })).toBeNull();
    expect(parseErrorBody({ kind: 'Internal', causes: [1] })).toBeNull();
    expect(parseErrorBody({ kind: 'Internal' })).toBeNull();
  });
});
