import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import type { InstanceState } from '@hearth/protocol';
import { createQueryClient } from '@/lib/query-client.ts';
import { viewerOf } from '@/lib/permissions.ts';
import { coreRoutes, installFakeFetch } from '@/test/fake-fetch.ts';
import { TEST_CORE, instanceInfo, publicUser, validJwt } from '@/test/fixtures.ts';
import { connectTo } from '@/test/render-app.tsx';
import { InstanceActionsBar } from './instance-actions-bar.tsx';

afterEach(() => vi.unstubAllGlobals());

function setup() {
  connectTo(TEST_CORE, validJwt());
  let answer: (() => void) | null = null;
  installFakeFetch(
    coreRoutes({
      'PUT /instance/A/start': () =>
        new Promise((resolve) => {
          answer = () => resolve({ body: null });
        }),
      'PUT /instance/A/stop': { body: null },
      'PUT /instance/A/restart': { body: null },
    }),
  );
  const queryClient = createQueryClient({ retry: false });
  const viewer = viewerOf(publicUser({ is_owner: true }), true);
  const bar = (state: InstanceState) => (
    <QueryClientProvider client={queryClient}>
      <InstanceActionsBar instance={instanceInfo({ uuid: 'A', state })} viewer={viewer} />
    </QueryClientProvider>
  );
  const view = render(bar('Stopped'));
  return {
    user: userEvent.setup(),
    show: (state: InstanceState) => view.rerender(bar(state)),
    answer: () => answer?.(),
  };
}

describe('instance actions bar', () => {
  it('keeps focus on the control that replaces the one pressed', async () => {
    const { user, show, answer } = setup();
    await user.click(screen.getByRole('button', { name: 'Start' }));
    // Busy, but still focusable: a disabled button drops focus to the page.
    expect(screen.getByRole('button', { name: 'Start' })).not.toHaveAttribute('disabled');
    expect(screen.getByRole('button', { name: 'Start' })).toHaveFocus();
    show('Starting');
    expect(screen.getByRole('button', { name: 'Kill' })).toHaveFocus();
    answer();
    show('Running');
    expect(screen.getByRole('button', { name: 'Stop' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Restart' })).toHaveFocus();
    show('Stopping');
    expect(screen.getByRole('button', { name: 'Kill' })).toHaveFocus();
    show('Stopped');
    expect(screen.getByRole('button', { name: 'Start' })).toHaveFocus();
  });

  it('a busy control refuses a second press', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Start' }));
    expect(screen.getByRole('button', { name: 'Start' })).toHaveAttribute('aria-disabled', 'true');
  });
});
