import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, renderHook, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { i18n } from '@lingui/core';
import { Toaster } from '@/components/ui/toaster.tsx';
import { createQueryClient } from '@/lib/query-client.ts';
import { coreRoutes, installFakeFetch } from '@/test/fake-fetch.ts';
import { apiPaths } from '@hearth/protocol';
import { instanceInfo, TEST_CORE, validJwt } from '@/test/fixtures.ts';
import { connectTo } from '@/test/render-app.tsx';
import {
  CONFIG_NO_INSTANCE,
  KILL_NO_INSTANCE,
  RUN_NO_INSTANCE,
  useMacroActions,
} from './use-macro-actions.ts';

afterEach(() => vi.unstubAllGlobals());

function actionsWithoutInstance() {
  connectTo(TEST_CORE, validJwt());
  const network = installFakeFetch(coreRoutes({}));
  const queryClient = createQueryClient({ retry: false });
  render(<Toaster />);
  const openConfig = vi.fn();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useMacroActions(null, openConfig), { wrapper });
  return { actions: result.current, network, openConfig };
}

describe('macro actions once no instance is selected (dashboard.md §8)', () => {
  it.each([
    ['run', RUN_NO_INSTANCE, 'Error running macro: No instance selected'],
    ['editConfig', CONFIG_NO_INSTANCE, 'Error opening macro config: No instance selected'],
    ['kill', KILL_NO_INSTANCE, 'Error killing task: No instance selected'],
  ] as const)('%s toasts %s and calls nothing', async (action, constant, text) => {
    expect(i18n._(constant)).toBe(text);
    const { actions, network, openConfig } = actionsWithoutInstance();
    act(() => {
      if (action === 'kill') actions.kill({ name: 'greeter', creation_time: 1, pid: 7 });
      else actions[action]('greeter');
    });
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(network.calls).toHaveLength(0);
    expect(openConfig).not.toHaveBeenCalled();
  });
});

describe('macro actions say what they did (issue 23 #16)', () => {
  function actionsFor() {
    const instance = instanceInfo();
    connectTo(TEST_CORE, validJwt());
    const network = installFakeFetch(
      coreRoutes({
        [`PUT ${apiPaths.macroRun(instance.uuid, 'greeter')}`]: { body: 7 },
        [`PUT ${apiPaths.macroKill(instance.uuid, 7)}`]: { body: null },
      }),
    );
    const queryClient = createQueryClient({ retry: false });
    render(<Toaster />);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useMacroActions(instance, vi.fn()), { wrapper });
    return { actions: result.current, network };
  }

  it('a run that started toasts the macro it started', async () => {
    const { actions, network } = actionsFor();
    act(() => actions.start('greeter', ['a']));
    expect(await screen.findByText('Started macro greeter')).toBeInTheDocument();
    expect(network.calls).toHaveLength(1);
  });

  it('a kill toasts the task it ended', async () => {
    const { actions, network } = actionsFor();
    act(() => actions.kill({ name: 'greeter', creation_time: 1, pid: 7 }));
    expect(await screen.findByText('Killed greeter (7)')).toBeInTheDocument();
    expect(network.calls).toHaveLength(1);
  });
});
