import { describe, expect, expectTypeOf, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider, skipToken } from '@tanstack/react-query';
import { TEST_CORE, TEST_CORE_HOST } from '@/test/fixtures.ts';
import {
  coreItemQueryOptions,
  coreQueryOptions,
  instanceQueryOptions,
  useInvalidatingMutation,
} from './api-queries.ts';

const read = (_core: unknown, signal: AbortSignal) => Promise.resolve(signal.aborted);
const readItem = (_core: unknown, id: string) => Promise.resolve(id.length);

describe('coreQueryOptions', () => {
  it('keys the read by its scope and the core, and waits until a core is chosen and ready', () => {
    const options = coreQueryOptions(['user', 'list'], TEST_CORE, true, read);
    expect(options.queryKey).toEqual(['user', 'list', TEST_CORE_HOST]);
    expect(options.queryFn).not.toBe(skipToken);
    expect(coreQueryOptions(['user', 'list'], null, true, read)).toMatchObject({
      queryKey: ['user', 'list', null],
      queryFn: skipToken,
    });
    expect(coreQueryOptions(['user', 'list'], TEST_CORE, false, read).queryFn).toBe(skipToken);
  });
});

describe('coreItemQueryOptions', () => {
  it('keys the read by scope, core and id, and waits while either is unknown', async () => {
    const options = coreItemQueryOptions(['access', 'sessions'], TEST_CORE, 'U1', readItem);
    expect(options.queryKey).toEqual(['access', 'sessions', TEST_CORE_HOST, 'U1']);
    const client = new QueryClient();
    await expect(client.fetchQuery(options)).resolves.toBe(2);
    // The key carries the read's type, so cache reads and writes through it stay typed.
    expectTypeOf(client.getQueryData(options.queryKey)).toEqualTypeOf<number | undefined>();
    expectTypeOf(options.queryKey).toExtend<
      readonly ['access', 'sessions', string | null, string | null]
    >();
    expect(coreItemQueryOptions(['a'], TEST_CORE, null, readItem).queryFn).toBe(skipToken);
    expect(coreItemQueryOptions(['a'], null, 'U1', readItem)).toMatchObject({
      queryKey: ['a', null, 'U1'],
      queryFn: skipToken,
    });
  });
});

describe('instanceQueryOptions', () => {
  it("keys the read under the instance's root and reads it by its uuid", async () => {
    const options = instanceQueryOptions('I1', ['backups', 'list'], (uuid: string) =>
      Promise.resolve(`read ${uuid}`),
    );
    expect(options.queryKey).toEqual(['instance', 'I1', 'backups', 'list']);
    expectTypeOf(options.queryKey).toExtend<readonly ['instance', string, 'backups', 'list']>();
    await expect(new QueryClient().fetchQuery(options)).resolves.toBe('read I1');
  });
});

describe('useInvalidatingMutation', () => {
  function setUp(mutationFn: (n: number) => Promise<number>) {
    const client = new QueryClient();
    const first = { queryKey: ['first'] as const };
    const second = { queryKey: ['second', 1] as const };
    const other = { queryKey: ['other'] as const };
    for (const { queryKey } of [first, second, other]) client.setQueryData(queryKey, 0);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(
      () => useInvalidatingMutation({ mutationFn, invalidates: () => [first, second] }),
      { wrapper },
    );
    const stale = () =>
      [first, second, other].map(({ queryKey }) => client.getQueryState(queryKey)?.isInvalidated);
    return { result, stale };
  }

  it('makes the queries it names stale once it succeeds, and only those', async () => {
    const { result, stale } = setUp((n) => Promise.resolve(n + 1));
    await act(() => result.current.mutateAsync(1));
    expect(stale()).toEqual([true, true, false]);
  });

  it('leaves them as they were when it fails', async () => {
    const { result, stale } = setUp(() => Promise.reject(new Error('refused')));
    await act(() => expect(result.current.mutateAsync(1)).rejects.toThrow('refused'));
    expect(stale()).toEqual([false, false, false]);
  });
});
