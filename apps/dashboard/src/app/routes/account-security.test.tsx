import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { emptyPermissions } from '@hearth/protocol';
import type {
  ApiKey,
  GlobalSettingsData,
  PublicUser,
  Session,
  TwoFactorStatus,
} from '@hearth/protocol';
import { getToken } from '@/lib/session.ts';
import { coreRoutes, installFakeFetch } from '@/test/fake-fetch.ts';
import type { FakeHandler } from '@/test/fake-fetch.ts';
import { TEST_CORE, coreInfo, publicUser, validJwt } from '@/test/fixtures.ts';
import { connectTo, renderApp, signInAs } from '@/test/render-app.tsx';

// Issue 28 in the dashboard: two-factor sign-in (Profile and the login's second step), API keys,
// sessions, and the owner's require-two-factor setting, each against a fake Hearth core.

// Long walks through dialogs, typed a key at a time: generous on a shared, busy machine.
vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.unstubAllGlobals());

// The screens are loaded lazily; a cold first load on a busy machine outlasts findBy's wait, so
// they are loaded once before the tests.
beforeAll(async () => {
  await Promise.all([
    import('./settings-nav.tsx'),
    import('./settings-profile.tsx'),
    import('./settings-general.tsx'),
    import('./settings-users.tsx'),
    import('./user-login.tsx'),
  ]);
}, 120_000);

const me = publicUser({ uid: 'U_ME', username: 'alice' });
const OFF: TwoFactorStatus = {
  enabled: false,
  pending: false,
  enabled_at: null,
  recovery_codes_left: 0,
  required: false,
};
const RECOVERY = Array.from({ length: 10 }, (_, i) => `abcd-efgh-${String(i).padStart(4, '0')}`);
const SETTINGS: GlobalSettingsData = {
  core_name: 'Basement',
  safe_mode: false,
  domain: null,
  playit_enabled: false,
  modrinth_enabled: true,
  require_two_factor: false,
};

function session(overrides: Partial<Session>): Session {
  return {
    id: 'S1',
    device: 'Firefox on Linux',
    user_agent: 'Mozilla/5.0',
    address: '10.0.0.2',
    created_at: Date.now() - 3_600_000,
    last_seen_at: Date.now() - 60_000,
    expires_at: Date.now() + 86_400_000,
    two_factor: false,
    current: false,
    ...overrides,
  };
}

async function openProfile(routes: Record<string, FakeHandler>, user: PublicUser = me) {
  const net = signInAs(user, {
    'GET /instance/list': { body: [] },
    'GET /global_settings': { body: SETTINGS },
    [`GET /user/${user.uid}/two_factor`]: { body: OFF },
    [`GET /user/${user.uid}/api_keys`]: { body: [] },
    [`GET /user/${user.uid}/sessions`]: { body: [session({ current: true })] },
    ...routes,
  });
  const app = renderApp('/settings/profile');
  await screen.findByRole('heading', { name: 'Profile' });
  return { ...app, net };
}

describe('Profile: two-factor sign-in', () => {
  it('turns it on with the QR code and a first code, then shows the recovery codes once', async () => {
    let status = OFF;
    const { user, net } = await openProfile({
      'GET /user/U_ME/two_factor': () => ({ body: status }),
      'POST /user/U_ME/two_factor/setup': {
        body: {
          secret: 'JBSWY3DPEHPK3PXP',
          otpauth_uri: 'otpauth://totp/Hearth:alice?secret=JBSWY3DPEHPK3PXP',
          qr_code: 'data:image/svg+xml;base64,PHN2Zy8+',
        },
      },
      'POST /user/U_ME/two_factor/confirm': () => {
        status = { ...OFF, enabled: true, enabled_at: Date.now(), recovery_codes_left: 10 };
        return { body: { recovery_codes: RECOVERY } };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Turn on' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn on two-factor sign-in' });
    expect(await within(dialog).findByRole('img', { name: /QR code/ })).toHaveAttribute(
      'src',
      'data:image/svg+xml;base64,PHN2Zy8+',
    );
    expect(within(dialog).getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();

    const code = within(dialog).getByLabelText('Code from your app');
    await user.type(code, '12{Enter}');
    expect(within(dialog).getByText('Enter the 6-digit code')).toBeInTheDocument();
    expect(net.callsTo('POST', '/user/U_ME/two_factor/confirm')).toHaveLength(0);

    await user.clear(code);
    await user.type(code, '123 456{Enter}');
    const saved = await screen.findByRole('dialog', { name: 'Save your recovery codes' });
    expect(net.callsTo('POST', '/user/U_ME/two_factor/confirm')[0]?.body).toEqual({
      code: '123456',
    });
    const list = within(saved).getByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    await user.click(within(saved).getByRole('button', { name: 'Done' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Shown once: gone from the page, and the section now says it is on.
    expect(screen.queryByText(RECOVERY[0] ?? '')).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Turn off' })).toBeInTheDocument();
    expect(screen.getByText(/10 recovery codes left/)).toBeInTheDocument();
  });

  it('turning it off asks for a code and shows a refused one in the dialog', async () => {
    const on = { ...OFF, enabled: true, enabled_at: Date.now(), recovery_codes_left: 9 };
    const { user, net } = await openProfile({
      'GET /user/U_ME/two_factor': { body: on },
      'POST /user/U_ME/two_factor/disable': {
        status: 401,
        body: { kind: 'Unauthorized', causes: ['Invalid two-factor code'] },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor sign-in' });
    await user.type(within(dialog).getByLabelText('Code or recovery code'), '000000{Enter}');
    expect(await within(dialog).findByText(/Invalid two-factor code/)).toBeInTheDocument();
    expect(net.callsTo('POST', '/user/U_ME/two_factor/disable')[0]?.body).toEqual({
      code: '000000',
    });
  });

  it('says so when the core requires it and it is off', async () => {
    await openProfile({ 'GET /user/U_ME/two_factor': { body: { ...OFF, required: true } } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This core requires two-factor sign-in',
    );
  });

  it('hides the sections on a core without the access routes', async () => {
    await openProfile({
      'GET /user/U_ME/two_factor': { status: 404, body: { kind: 'NotFound', causes: [] } },
      'GET /user/U_ME/api_keys': { status: 404, body: { kind: 'NotFound', causes: [] } },
      'GET /user/U_ME/sessions': { status: 404, body: { kind: 'NotFound', causes: [] } },
    });
    await vi.waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Two-factor sign-in' })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('heading', { name: 'API keys' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Sessions' })).not.toBeInTheDocument();
  });
});

describe('Profile: API keys', () => {
  const keyOf = (overrides: Partial<ApiKey> = {}): ApiKey => ({
    id: 'K1',
    name: 'backup script',
    prefix: 'hth_ab12',
    scope: { is_owner: false, is_admin: false, permissions: emptyPermissions() },
    created_at: Date.now(),
    expires_at: null,
    last_used_at: null,
    last_used_address: null,
    ...overrides,
  });

  it('creates a key, shows its secret once, then lists it by prefix', async () => {
    const keys: ApiKey[] = [];
    const { user, net } = await openProfile({
      'GET /user/U_ME/api_keys': () => ({ body: keys }),
      'POST /user/U_ME/api_keys': () => {
        const key = keyOf();
        keys.push(key);
        return { body: { key, secret: 'hth_ab12SECRETSECRET' } };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Create API Key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API Key' });
    await user.click(within(dialog).getByRole('button', { name: 'Create Key' }));
    expect(within(dialog).getByText('Name is required')).toBeInTheDocument();
    expect(net.callsTo('POST', '/user/U_ME/api_keys')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Name'), 'backup script');
    await user.selectOptions(within(dialog).getByLabelText('Expires'), 'never');
    await user.click(within(dialog).getByRole('radio', { name: /Read only/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Key' }));

    const shown = await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(within(shown).getByText('hth_ab12SECRETSECRET')).toBeInTheDocument();
    const sent = net.callsTo('POST', '/user/U_ME/api_keys')[0]?.body as {
      name: string;
      expires_at: number | null;
      scope: { is_owner: boolean; is_admin: boolean };
    };
    expect(sent).toMatchObject({
      name: 'backup script',
      expires_at: null,
      scope: { is_owner: false, is_admin: false },
    });
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    const list = await screen.findByRole('list', { name: 'API keys' });
    expect(within(list).getByText('backup script')).toBeInTheDocument();
    expect(within(list).getByText('hth_ab12…')).toBeInTheDocument();
    expect(screen.queryByText('hth_ab12SECRETSECRET')).not.toBeInTheDocument();
  });

  it('an owner key offers owner rights; the default key follows the user (everything)', async () => {
    const owner = publicUser({ uid: 'U_ME', username: 'alice', is_owner: true });
    const { user, net } = await openProfile(
      {
        'POST /user/U_ME/api_keys': {
          body: { key: keyOf({ name: 'ci' }), secret: 'hth_cafeSECRET' },
        },
      },
      owner,
    );
    await user.click(await screen.findByRole('button', { name: 'Create API Key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API Key' });
    await user.type(within(dialog).getByLabelText('Name'), 'ci');
    await user.click(within(dialog).getByRole('radio', { name: /Choose/ }));
    expect(within(dialog).getByRole('checkbox', { name: /Owner rights/ })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: /Everything I can do/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Key' }));
    await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(net.callsTo('POST', '/user/U_ME/api_keys')[0]?.body).toMatchObject({
      name: 'ci',
      scope: { is_owner: true },
    });
  });

  it('revokes a key after a confirmation', async () => {
    let keys = [keyOf({ last_used_at: Date.now() - 120_000, last_used_address: '10.0.0.9' })];
    const { user, net } = await openProfile({
      'GET /user/U_ME/api_keys': () => ({ body: keys }),
      'DELETE /user/U_ME/api_keys/K1': () => {
        keys = [];
        return { raw: '' };
      },
    });
    expect(await screen.findByText(/from 10\.0\.0\.9/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Revoke backup script' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke API key' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('No API keys yet.')).toBeInTheDocument();
    expect(net.callsTo('DELETE', '/user/U_ME/api_keys/K1')).toHaveLength(1);
  });
});

describe('Profile: sessions', () => {
  it('lists where you are signed in and signs out the others', async () => {
    let list = [
      session({ id: 'S1', current: true, two_factor: true }),
      session({ id: 'S2', device: 'Safari on iOS', address: '10.0.0.7' }),
    ];
    const { user, net } = await openProfile({
      'GET /user/U_ME/sessions': () => ({ body: list }),
      'POST /user/U_ME/sessions/revoke_others': () => {
        list = list.filter((s) => s.current);
        return { body: { revoked: 1 } };
      },
    });
    const sessions = await screen.findByRole('list', { name: 'Sessions' });
    expect(within(sessions).getByText('This device')).toBeInTheDocument();
    expect(within(sessions).getByText('Safari on iOS')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign out all other sessions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out sessions' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('1 session signed out')).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByText('Safari on iOS')).not.toBeInTheDocument());
    expect(net.callsTo('POST', '/user/U_ME/sessions/revoke_others')).toHaveLength(1);
  });

  it('signs out one other session', async () => {
    const { user, net } = await openProfile({
      'GET /user/U_ME/sessions': {
        body: [
          session({ id: 'S1', current: true }),
          session({ id: 'S2', device: 'Chrome on Windows' }),
        ],
      },
      'DELETE /user/U_ME/sessions/S2': { raw: '' },
    });
    await user.click(await screen.findByRole('button', { name: 'Sign out Chrome on Windows' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out session' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    await vi.waitFor(() => expect(net.callsTo('DELETE', '/user/U_ME/sessions/S2')).toHaveLength(1));
    expect(getToken(TEST_CORE)).not.toBeNull();
  });
});

describe('sign in with a second factor', () => {
  async function openLogin(routes: Record<string, FakeHandler>) {
    connectTo(TEST_CORE);
    const net = installFakeFetch(
      coreRoutes({
        'GET /info': { body: coreInfo() },
        'GET /user/info': { body: me },
        'POST /user/login': {
          status: 401,
          body: {
            kind: 'Unauthorized',
            causes: ['Two-factor code required'],
            two_factor: { challenge: 'CH1', expires_in: 300 },
          },
        },
        ...routes,
      }),
    );
    const app = renderApp('/login/user');
    await screen.findByRole('heading', { name: 'Sign in' });
    await app.user.type(screen.getByLabelText('Username'), 'alice');
    await app.user.type(screen.getByLabelText('Password'), 'secret');
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
    return { ...app, net };
  }

  it('asks for the code after the password and signs in with the challenge', async () => {
    const token = validJwt(me.uid);
    const { user, net, router } = await openLogin({
      'POST /user/login/2fa': { body: { token, user: me } },
    });
    const code = await screen.findByLabelText('Two-factor code');
    expect(code).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Code is required')).toBeInTheDocument();
    expect(net.callsTo('POST', '/user/login/2fa')).toHaveLength(0);

    await user.type(code, '654321{Enter}');
    await vi.waitFor(() => expect(getToken(TEST_CORE)).toBe(token));
    expect(net.callsTo('POST', '/user/login/2fa')[0]?.body).toEqual({
      challenge: 'CH1',
      code: '654321',
    });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows a refused code and goes back to the password', async () => {
    const { user } = await openLogin({
      'POST /user/login/2fa': {
        status: 401,
        body: { kind: 'Unauthorized', causes: ['Invalid two-factor code'] },
      },
    });
    await user.type(await screen.findByLabelText('Two-factor code'), '111111{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error: Unauthorized: Invalid two-factor code',
    );
    expect(getToken(TEST_CORE)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Back to password' }));
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });
});

describe('the owner requires two-factor sign-in', () => {
  it('Core Settings turns it on with PUT /global_settings/require_two_factor', async () => {
    connectTo(TEST_CORE, validJwt());
    const stored = { ...SETTINGS };
    const net = installFakeFetch(
      coreRoutes({
        'GET /info': { body: coreInfo() },
        'GET /user/info': { body: publicUser({ is_owner: true }) },
        'GET /global_settings': () => ({ body: stored }),
        'PUT /global_settings/require_two_factor': (request) => {
          stored.require_two_factor = request.body as boolean;
          return { raw: '' };
        },
      }),
    );
    const { user } = renderApp('/settings/general');
    const toggle = await screen.findByRole('switch', { name: 'Require two-factor sign-in' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await vi.waitFor(() =>
      expect(net.callsTo('PUT', '/global_settings/require_two_factor')[0]?.body).toBe(true),
    );
    await vi.waitFor(() => expect(toggle).toBeChecked());
  });

  it('a user without it is sent to their Profile from anywhere else', async () => {
    signInAs(me, {
      'GET /instance/list': { body: [] },
      'GET /global_settings': { body: { ...SETTINGS, require_two_factor: true } },
      'GET /user/U_ME/two_factor': { body: { ...OFF, required: true } },
      'GET /user/U_ME/api_keys': { body: [] },
      'GET /user/U_ME/sessions': { body: [] },
    });
    const { router } = renderApp('/');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/settings/profile'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This core requires two-factor sign-in',
    );
  });
});

describe('Users (owner): who has two-factor sign-in, their sessions', () => {
  it('marks members with it on and lists a member’s sessions', async () => {
    const owner = publicUser({ uid: 'U_OWNER', username: 'olivia', is_owner: true });
    const bob = publicUser({ uid: 'U_BOB', username: 'bob' });
    const net = signInAs(owner, {
      'GET /user/list': { body: [owner, bob] },
      'GET /instance/list': { body: [] },
      'GET /global_settings': { body: SETTINGS },
      'GET /access/users': {
        body: [
          { uid: 'U_OWNER', two_factor: false, sessions: 1, api_keys: 0, last_seen_at: null },
          { uid: 'U_BOB', two_factor: true, sessions: 1, api_keys: 0, last_seen_at: null },
        ],
      },
      'GET /user/U_BOB/two_factor': {
        body: { ...OFF, enabled: true, enabled_at: Date.now(), recovery_codes_left: 10 },
      },
      'GET /user/U_BOB/sessions': {
        body: [session({ id: 'SB', device: 'Chrome on Android', address: '10.0.0.8' })],
      },
      'POST /user/U_BOB/sessions/revoke_others': { body: { revoked: 1 } },
    });
    const { user } = renderApp('/settings/users');
    const members = await screen.findByRole('list', { name: 'Members' });
    const bobRow = await within(members).findByRole('button', { name: /^bob/ });
    await vi.waitFor(() => expect(within(bobRow).getByText('Two-factor')).toBeInTheDocument());
    await user.click(bobRow);
    expect(await screen.findByText('Chrome on Android')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out sessions' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    await vi.waitFor(() =>
      expect(net.callsTo('POST', '/user/U_BOB/sessions/revoke_others')).toHaveLength(1),
    );
  });
});
