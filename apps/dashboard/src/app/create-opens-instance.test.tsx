// Issue 15 #2: after Create the user stayed on home; the new instance now opens when its creation
// ends (the install runs on the core and ends with a progression event).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { FakeSocket } from '@/test/fake-socket.ts';
import { clientEvent, globalSettings, instanceInfo, publicUser } from '@/test/fixtures.ts';
import { renderApp, signInWithInstances } from '@/test/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

const SQUID = {
  url: 'file:///hearth/definitions/flying-squid/definition.ts',
  game_name: 'flying-squid',
  game_display_name: 'Minecraft (flying-squid)',
  description: 'No Java needed.',
};

describe('Create opens the new instance (issue 15 #2)', () => {
  it('goes to its Overview once the creation has ended', async () => {
    signInWithInstances(publicUser({ is_owner: true }), [], {
      'GET /global_settings': { body: globalSettings({ safe_mode: false }) },
      'GET /games': { body: [] },
      'GET /games/definitions': { body: [SQUID] },
      'PUT /generic_setup_manifest': { body: { setting_sections: {} } },
      'POST /instance/create_generic': { body: 'INSTANCE_NEW' },
    });
    const { user, router, queryClient } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Create a new instance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a new instance' });
    await user.click(await within(dialog).findByRole('radio', { name: /flying-squid/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await within(dialog).findByText('This game has no settings to choose.');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Instance' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/');

    const socket = FakeSocket.instances
      .filter((s) => s.url.includes('/events/all/stream') && s.closedWith === null)
      .at(-1);
    if (!socket) throw new Error('no event socket');
    act(() => socket.open());
    // The open socket has the list read again first (the stream does not replay); the creation
    // ends after that answer, as it would on the core.
    await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
    act(() =>
      socket.push(
        clientEvent(
          {
            type: 'ProgressionEvent',
            event_id: '215458041036935100',
            progression_event_inner: {
              type: 'ProgressionEnd',
              success: true,
              message: 'Instance created successfully',
              inner: {
                type: 'InstanceCreation',
                ...instanceInfo({ uuid: 'INSTANCE_NEW', name: 'My Server' }),
              },
            },
          },
          { caused_by: { type: 'User', user_id: 'USER_1', user_name: 'alice' } },
        ),
      ),
    );
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/overview'));
    expect(new URLSearchParams(router.state.location.search).get('instance')).toBe('INSTANCE_NEW');
    expect(
      await screen.findByRole('button', { name: /Instance name: My Server/ }),
    ).toBeInTheDocument();
  });
});
