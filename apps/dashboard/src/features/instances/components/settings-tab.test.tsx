import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { emptyPermissions } from '@hearth/protocol';
import type { ConfigurableManifest, PublicUser } from '@hearth/protocol';
import { activateLocale } from '@/lib/i18n/i18n.ts';
import { viewerOf } from '@/lib/permissions.ts';
import { createQueryClient } from '@/lib/query-client.ts';
import { coreRoutes, installFakeFetch } from '@/test/fake-fetch.ts';
import type { FakeHandler } from '@/test/fake-fetch.ts';
import { TEST_CORE, publicUser, validJwt } from '@/test/fixtures.ts';
import { connectTo } from '@/test/render-app.tsx';
import { setting } from '../setting-test-fixtures.ts';
import { instanceInfo } from '@/test/fixtures.ts';
import { SettingsTab } from './settings-tab.tsx';

afterEach(() => vi.unstubAllGlobals());

const MANIFEST: ConfigurableManifest = {
  auto_start: false,
  restart_on_crash: false,
  setting_sections: {
    props: {
      section_id: 'props',
      name: 'Server Properties',
      description: 'server.properties',
      settings: {
        motd: setting(
          'motd',
          { type: 'String', regex: null },
          { name: 'MOTD', value: { type: 'String', value: '§6Gold' } },
        ),
        'max-players': setting(
          'max-players',
          { type: 'Integer', min: 1, max: 100 },
          { name: 'Max Players', value: { type: 'Integer', value: 20 } },
        ),
        'rcon.password': setting(
          'rcon.password',
          { type: 'String', regex: null },
          { name: 'RCON Password', is_secret: true, value: { type: 'String', value: 'pw' } },
        ),
        pvp: setting(
          'pvp',
          { type: 'Boolean' },
          { name: 'PvP', value: { type: 'Boolean', value: true } },
        ),
        difficulty: setting(
          'difficulty',
          { type: 'Enum', options: ['easy', 'hard'] },
          { name: 'Difficulty', value: { type: 'Enum', value: 'easy' } },
        ),
        seed: setting(
          'seed',
          { type: 'String', regex: null },
          { name: 'Seed', is_mutable: false, value: { type: 'String', value: '42' } },
        ),
      },
    },
    empty: { section_id: 'empty', name: 'Game Rules', description: '', settings: {} },
  },
};

// Hearth's own limits section as the core sends it on a host that cannot enforce the memory limit
// (apps/core/src/services/instance-limits.ts; hearth-sections.test.ts compares with the core's).
const LIMITS_SECTION: ConfigurableManifest['setting_sections'][string] = {
  section_id: 'resource_limits_section',
  name: 'Resource Limits',
  description:
    "Limits of the server's sandbox, applied at its next start; 0 means the default. Memory limits need cgroup v2.",
  settings: {
    memory_limit_mib: setting(
      'memory_limit_mib',
      { type: 'UnsignedInteger', min: 0, max: null },
      {
        name: 'Memory limit (MiB)',
        description:
          "RAM and swap of the whole server, JVM overhead included (a Minecraft server's default is its max RAM + 25 % + 512 MiB). 0 sets it back to the default (4608). Not enforced on this host.",
        value: { type: 'UnsignedInteger', value: 4608 },
        default_value: { type: 'UnsignedInteger', value: 4608 },
      },
    ),
  },
};

const OWNER = publicUser({ is_owner: true });

function setup(user: PublicUser = OWNER, routes: Record<string, FakeHandler> = {}) {
  connectTo(TEST_CORE, validJwt());
  const calls = installFakeFetch(
    coreRoutes({
      'GET /instance/A/settings': { body: MANIFEST },
      'PUT /instance/A/settings/props/max-players': {},
      'PUT /instance/A/settings/props/motd': {
        status: 400,
        body: { kind: 'BadRequest', causes: ['MOTD too fancy'] },
      },
      'PUT /instance/A/settings/props/pvp': {},
      'PUT /instance/A/settings/props/difficulty': {},
      'PUT /instance/A/auto_start': {},
      'DELETE /instance/A': {},
      ...routes,
    }),
  );
  const onDeleted = vi.fn();
  const events = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient({ retry: false })}>
      <SettingsTab
        instance={instanceInfo({ uuid: 'A', name: 'Alpha' })}
        viewer={viewerOf(user, true)}
        onDeleted={onDeleted}
      />
    </QueryClientProvider>,
  );
  return { calls, onDeleted, user: events };
}

describe('Instance Settings tab (dashboard.md §2, §5)', () => {
  it('renders text, password, number, toggle and dropdown widgets; immutable ones are disabled', async () => {
    setup();
    const section = await screen.findByRole('region', { name: 'Server Properties' });
    expect(within(section).getByRole('textbox', { name: 'MOTD' })).toHaveValue('§6Gold');
    expect(within(section).getByLabelText('RCON Password')).toHaveAttribute('type', 'password');
    expect(within(section).getByRole('textbox', { name: 'Max Players' })).toHaveValue('20');
    expect(within(section).getByRole('switch', { name: 'PvP' })).toBeChecked();
    expect(within(section).getByRole('combobox', { name: 'Difficulty' })).toHaveValue('easy');
    expect(within(section).getByRole('textbox', { name: 'Seed' })).toBeDisabled();
    expect(within(section).getByRole('figure', { name: 'MOTD preview' })).toHaveTextContent('Gold');
  });

  it('an empty section says to start the instance once', async () => {
    setup();
    const section = await screen.findByRole('region', { name: 'Game Rules' });
    expect(section).toHaveTextContent('Not available at this moment');
    expect(section).toHaveTextContent('Try to start this instance at least once');
  });

  it('validates after typing, Escape resets, Enter saves the typed value', async () => {
    const { calls, user } = setup();
    const players = await screen.findByRole('textbox', { name: 'Max Players' });
    await user.clear(players);
    await user.type(players, '2.5');
    expect(await screen.findByText('Not an integer')).toBeInTheDocument();
    await user.clear(players);
    await user.type(players, 'lots');
    expect(await screen.findByText('Must be a number')).toBeInTheDocument();
    await user.clear(players);
    await user.type(players, '500');
    expect(await screen.findByText('Must be less than 100')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(players).toHaveValue('20');
    await vi.waitFor(() =>
      expect(screen.queryByText('Must be less than 100')).not.toBeInTheDocument(),
    );
    await user.clear(players);
    await user.type(players, ' 42 {Enter}');
    await vi.waitFor(() =>
      expect(calls.callsTo('PUT', '/instance/A/settings/props/max-players')).toHaveLength(1),
    );
    expect(calls.callsTo('PUT', '/instance/A/settings/props/max-players')[0]?.body).toEqual({
      type: 'Integer',
      value: 42,
    });
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(players).toHaveValue('42');
  });

  it('a required text cannot be empty; the server message shows inline; the MOTD preview follows the text', async () => {
    const { user } = setup();
    const motd = await screen.findByRole('textbox', { name: 'MOTD' });
    await user.clear(motd);
    expect(await screen.findByText('Cannot be empty')).toBeInTheDocument();
    await user.type(motd, '§cRed\nmore');
    expect(screen.getByRole('figure', { name: 'MOTD preview' })).toHaveTextContent('Red');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Bad Request: MOTD too fancy')).toBeInTheDocument();
  });

  it('toggles and dropdowns save at once with their typed value; auto_start sends a JSON bool', async () => {
    const { calls, user } = setup();
    await user.click(await screen.findByRole('switch', { name: 'PvP' }));
    await vi.waitFor(() =>
      expect(calls.callsTo('PUT', '/instance/A/settings/props/pvp')[0]?.body).toEqual({
        type: 'Boolean',
        value: false,
      }),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Difficulty' }), 'hard');
    await vi.waitFor(() =>
      expect(calls.callsTo('PUT', '/instance/A/settings/props/difficulty')[0]?.body).toEqual({
        type: 'Enum',
        value: 'hard',
      }),
    );
    await user.click(screen.getByRole('switch', { name: 'Auto Start' }));
    await vi.waitFor(() =>
      expect(calls.callsTo('PUT', '/instance/A/auto_start')[0]?.body).toBe(true),
    );
  });

  it('Danger Zone: the confirm dialog deletes and deselects', async () => {
    const { calls, onDeleted, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete "Alpha"' });
    expect(dialog).toHaveTextContent('This action cannot be undone.');
    await user.click(
      within(dialog).getByRole('button', { name: 'I understand, delete this instance' }),
    );
    await vi.waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect(calls.callsTo('DELETE', '/instance/A')).toHaveLength(1);
  });

  it('without can_delete_instance the button reads No permission; without the setting permission nothing is read', async () => {
    const { calls } = setup(
      publicUser({ permissions: { ...emptyPermissions(), can_view_instance: ['A'] } }),
    );
    expect(screen.getByRole('button', { name: 'No permission' })).toBeDisabled();
    expect(screen.getByText('No permission', { selector: 'p' })).toBeInTheDocument();
    expect(calls.callsTo('GET', '/instance/A/settings')).toHaveLength(0);
  });

  it("in German: Hearth's own sections are worded, a definition's and the core's notes stay as written", async () => {
    await activateLocale('de');
    setup(OWNER, {
      'GET /instance/A/settings': {
        body: {
          ...MANIFEST,
          setting_sections: { ...MANIFEST.setting_sections, limits: LIMITS_SECTION },
        },
      },
    });
    const limits = await screen.findByRole('region', { name: 'Ressourcenlimits' });
    expect(within(limits).getByRole('textbox', { name: 'Speicherlimit (MiB)' })).toHaveValue(
      '4608',
    );
    expect(limits).toHaveTextContent(
      'Limits der Sandbox des Servers, wirksam ab seinem nächsten Start; 0 bedeutet den Standardwert. Memory limits need cgroup v2.',
    );
    expect(limits).toHaveTextContent('0 setzt es auf den Standardwert zurück (4608).');
    // No typed flag says whether a limit is enforced: the core's sentence, marked as not translatable.
    expect(within(limits).getByText('Not enforced on this host.')).toHaveAttribute(
      'translate',
      'no',
    );
    expect(within(limits).getByText('Memory limits need cgroup v2.')).toHaveAttribute(
      'translate',
      'no',
    );
    expect(within(limits).getByText('Ressourcenlimits')).not.toHaveAttribute('translate');
    const definition = screen.getByRole('region', { name: 'Server Properties' });
    expect(within(definition).getByText('Server Properties')).toHaveAttribute('translate', 'no');
    expect(within(definition).getByRole('textbox', { name: 'MOTD' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Instanzeinstellungen' })).toBeInTheDocument();
  });
});
