import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { apiPaths, emptyPermissions } from '@hearth/protocol';
import type { PublicUser } from '@hearth/protocol';
import { globalSettings, instanceInfo, publicUser } from '@/test/fixtures.ts';
import { renderApp, signInWithInstances } from '@/test/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

const DENIAL = "You don't have permission to access this instance's macros";

function signedIn(user: PublicUser) {
  return signInWithInstances(user, [instanceInfo({ uuid: 'A', name: 'Alpha' })], {
    'GET /global_settings': { body: globalSettings({ safe_mode: false }) },
    [`GET ${apiPaths.macroList('A')}`]: {
      body: [{ name: 'greeter', last_run: null, path: '/a/macros/greeter' }],
    },
    [`GET ${apiPaths.taskList('A')}`]: { body: [] },
    [`GET ${apiPaths.historyList('A')}`]: { body: [] },
  });
}

describe('/dashboard/macros (gated by can_access_instance_macro, dashboard.md §6)', () => {
  it('shows the macros of a user granted can_access_instance_macro', async () => {
    const permissions = { ...emptyPermissions(), can_access_instance_macro: ['A'] };
    signedIn(publicUser({ permissions }));
    renderApp('/dashboard/macros?instance=A');
    expect(await screen.findByRole('cell', { name: 'greeter' })).toBeInTheDocument();
  });

  it('an admin without the permission is refused (admin does not imply it), and nothing is read', async () => {
    const network = signedIn(publicUser({ is_admin: true }));
    renderApp('/dashboard/macros?instance=A');
    expect(await screen.findByText(DENIAL)).toBeInTheDocument();
    expect(network.callsTo('GET', apiPaths.macroList('A'))).toHaveLength(0);
  });

  it('the owner sees them', async () => {
    signedIn(publicUser({ is_owner: true }));
    renderApp('/dashboard/macros?instance=A');
    expect(await screen.findByRole('cell', { name: 'greeter' })).toBeInTheDocument();
  });
});
