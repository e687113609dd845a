// Issue 26 §1: from an instance's Danger Zone, move it to another saved core. The browser carries
// only the key: it asks the source (the current core) for one, then asks the target to pull the
// instance from the source's address. Only cores where the user may import are offered.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { emptyPermissions } from '@hearth/protocol';
import type { PublicUser } from '@hearth/protocol';
import { installFakeFetch } from '@/test/fake-fetch.ts';
import type { FakeHandler } from '@/test/fake-fetch.ts';
import { TEST_CORE_HOST, coreInfo, instanceInfo, publicUser } from '@/test/fixtures.ts';
import { renderApp } from '@/test/render-app.tsx';
import { otherCore, signInToCores } from '@/test/several-cores.ts';

afterEach(() => vi.unstubAllGlobals());

const TARGET = otherCore('target.test');
const OWNER = publicUser({ is_owner: true });
const KEY = 'k'.repeat(43);

function coreOf(name: string, user: PublicUser, extra: Record<string, FakeHandler> = {}) {
  return {
    'GET /info': { body: coreInfo({ core_name: name }) },
    'GET /user/info': { body: user },
    'GET /global_settings': {
      body: { core_name: name, safe_mode: true, domain: null, playit_enabled: false },
    },
    'GET /events/all/buffer': { body: [] },
    'GET /games/definitions': { body: [] },
    ...extra,
  };
}

function cores(targetUser: PublicUser) {
  signInToCores(TARGET);
  return installFakeFetch({
    [TEST_CORE_HOST]: coreOf('Source Box', OWNER, {
      'GET /instance/list': { body: [instanceInfo({ uuid: 'A', name: 'Castle' })] },
      'GET /instance/A/settings': {
        body: { auto_start: false, restart_on_crash: false, setting_sections: {} },
      },
      'POST /instance/A/transfer': { body: { key: KEY, expires: Date.now() + 600_000 } },
    }),
    'target.test:16662': coreOf('Target Box', targetUser, {
      'GET /instance/list': { body: [] },
      'POST /instance/transfer-in': { body: 'NEW' },
    }),
  });
}

describe('Move to another core (issue 26)', () => {
  it('asks the source for a key and the target to pull with it', async () => {
    const net = cores(OWNER);
    const { user } = renderApp('/dashboard/settings?instance=A');
    await screen.findByRole('heading', { name: 'Danger Zone' });
    const move = await screen.findByRole('button', { name: 'Move…' });
    await vi.waitFor(() => expect(move).toBeEnabled());
    await user.click(move);
    const dialog = await screen.findByRole('dialog', { name: 'Move "Castle"' });
    expect(within(dialog).getByLabelText('Target core')).toHaveDisplayValue('Target Box');
    expect(
      within(dialog).getByLabelText("This core's address, as the target core reaches it"),
    ).toHaveValue('http://core.test:16662');
    await user.click(within(dialog).getByRole('button', { name: 'Move instance' }));

    await vi.waitFor(() => expect(net.callsTo('POST', '/instance/transfer-in')).toHaveLength(1));
    const [asked] = net.callsTo('POST', '/instance/A/transfer');
    expect(asked?.url.host).toBe(TEST_CORE_HOST);
    const [pulled] = net.callsTo('POST', '/instance/transfer-in');
    expect(pulled?.url.host).toBe('target.test:16662');
    expect(pulled?.body).toEqual({ source_url: 'http://core.test:16662', key: KEY });
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText(/Castle is on Target Box now/)).toBeInTheDocument();
  });

  it('offers no target where the user may not import', async () => {
    cores(publicUser({ permissions: { ...emptyPermissions(), can_create_instance: true } }));
    renderApp('/dashboard/settings?instance=A');
    await screen.findByRole('heading', { name: 'Danger Zone' });
    expect(await screen.findByText(/Sign in to another core where you may create/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Move…' })).toBeDisabled();
  });
});
