import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { apiUpload } from './api-upload.ts';
import { FakeXhr } from '@/test/fake-xhr.ts';
import { TEST_CORE, validJwt } from '@/test/fixtures.ts';
import { connectTo } from '@/test/render-app.tsx';

describe('apiUpload', () => {
  let token: string;
  beforeEach(() => {
    FakeXhr.install();
    token = validJwt();
    connectTo(TEST_CORE, token);
  });
  afterEach(() => FakeXhr.install());

  it('PUTs the form to the current core with the bearer token and reports progress', async () => {
    const form = new FormData();
    const seen: [number, number | null][] = [];
    const done = apiUpload('fsUpload', { uuid: 'I', path: '.' }, form, {
      onProgress: (sent, total) => seen.push([sent, total]),
    });
    const xhr = FakeXhr.last();
    expect(xhr.method).toBe('PUT');
    expect(xhr.url).toBe('http://core.test:16662/api/v1/instance/I/fs/Lg/upload');
    expect(xhr.headers.get('authorization')).toBe(`Bearer ${token}`);
    expect(xhr.headers.has('content-type')).toBe(false);
    expect(xhr.body).toBe(form);
    xhr.progress(5, 10);
    xhr.respond(200, 'null');
    await expect(done).resolves.toBeNull();
    expect(seen).toEqual([[5, 10]]);
  });

  it('turns an error answer into an ApiError carrying the envelope', async () => {
    const done = apiUpload('fsUpload', { uuid: 'I', path: 'x' }, new FormData());
    FakeXhr.last().respond(
      403,
      '{"kind":"PermissionDenied","causes":["Protected path"]}',
      'Forbidden',
    );
    const err = await done.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(403);
    expect((err as ApiError).causes).toEqual(['Protected path']);
  });

  it('rejects with an AbortError when cancelled, and a network ApiError when the connection fails', async () => {
    const controller = new AbortController();
    const cancelled = apiUpload('fsUpload', { uuid: 'I', path: 'x' }, new FormData(), {
      signal: controller.signal,
    });
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeXhr.last().aborted).toBe(true);
    const broken = apiUpload('fsUpload', { uuid: 'I', path: 'x' }, new FormData());
    FakeXhr.last().fail();
    await expect(broken).rejects.toMatchObject({
      failure: { type: 'network', code: 'ERR_NETWORK' },
    });
  });
});
