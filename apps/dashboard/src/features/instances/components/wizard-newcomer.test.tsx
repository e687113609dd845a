// Issue 15 #1, #2, #10: the games that ship with the core are offered in step 1, the wizard
// closes with its × button and Escape, and an unreachable Minecraft upstream is said in words.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ShippedDefinition } from '@hearth/protocol';
import type { FakeHandler } from '@/test/fake-fetch.ts';
import { NO_ROUTE } from '@/test/lodestone-fixtures.ts';
import { renderScreen } from '@/test/render-app.tsx';
import { setting } from '../setting-test-fixtures.ts';
import { CreateInstanceWizard } from './create-instance-wizard.tsx';

afterEach(() => vi.unstubAllGlobals());

const SQUID: ShippedDefinition = {
  url: 'file:///opt/hearth/apps/core/definitions/flying-squid/definition.ts',
  game_name: 'flying-squid',
  game_display_name: 'Minecraft (flying-squid)',
  description: 'A Minecraft Java server written in Node: no Java and no download needed.',
};

const SQUID_MANIFEST = {
  setting_sections: {
    section_1: {
      section_id: 'section_1',
      name: 'Basic Settings',
      description: '',
      settings: {
        port: setting(
          'port',
          { type: 'UnsignedInteger', min: 1, max: 65535 },
          { name: 'Port', value: { type: 'UnsignedInteger', value: 25565 } },
        ),
      },
    },
  },
};

function setup(routes: Record<string, FakeHandler> = {}) {
  const onOpenChange = vi.fn();
  const tracker = { begin: vi.fn(), watch: vi.fn() };
  const { network: calls, user } = renderScreen(
    <CreateInstanceWizard open onOpenChange={onOpenChange} tracker={tracker} />,
    {
      'GET /games': { body: ['MinecraftJavaVanilla'] },
      'GET /games/definitions': { body: [SQUID] },
      'PUT /generic_setup_manifest': { body: SQUID_MANIFEST },
      'POST /instance/create_generic': { body: 'INSTANCE_SQUID' },
      ...routes,
    },
  );
  const dialog = screen.getByRole('dialog', { name: 'Create a new instance' });
  const button = (name: string) => within(dialog).getByRole('button', { name });
  return { calls, onOpenChange, tracker, user, dialog, button };
}

describe('shipped games in step 1 (issue 15 #1)', () => {
  it('offers flying-squid next to the Minecraft games and creates it from its URL', async () => {
    const { calls, tracker, user, dialog, button } = setup();
    await within(dialog).findByRole('radio', { name: 'Minecraft Java (Vanilla)' });
    const squid = await within(dialog).findByRole('radio', { name: /Minecraft \(flying-squid\)/ });
    expect(squid).toHaveTextContent('no Java and no download needed');
    expect(within(dialog).getByRole('radio', { name: /Docker Instance/ })).toBeInTheDocument();

    await user.click(squid);
    expect(squid).toBeChecked();
    expect(within(dialog).queryByLabelText('Definition URL')).not.toBeInTheDocument();
    await user.click(button('Next'));
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Squid');
    await user.click(button('Next'));
    expect(await within(dialog).findByLabelText('Port')).toHaveValue('25565');
    expect(calls.callsTo('PUT', '/generic_setup_manifest')[0]?.body).toEqual({ url: SQUID.url });
    await user.click(button('Next'));
    await user.click(button('Create Instance'));

    await vi.waitFor(() => expect(tracker.watch).toHaveBeenCalled());
    expect(tracker.begin).toHaveBeenCalled();
    expect(tracker.watch).toHaveBeenCalledWith({ uuid: 'INSTANCE_SQUID', name: 'Squid' });
    expect(calls.callsTo('POST', '/instance/create_generic')[0]?.body).toMatchObject({
      url: SQUID.url,
      setup_value: { name: 'Squid' },
    });
  });

  it('shows no shipped games on a core without the route (a Lodestone core)', async () => {
    const { dialog } = setup({ 'GET /games/definitions': NO_ROUTE });
    await within(dialog).findByRole('radio', { name: 'Minecraft Java (Vanilla)' });
    expect(within(dialog).getByRole('radio', { name: /Docker Instance/ })).toBeInTheDocument();
    expect(within(dialog).queryByRole('radio', { name: /flying-squid/ })).not.toBeInTheDocument();
  });
});

describe('closing the wizard (issue 15 #2)', () => {
  it('closes with its Close button', async () => {
    const { onOpenChange, user, dialog } = setup();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('closes with Escape, also from a field', async () => {
    const { onOpenChange, user, dialog, button } = setup();
    await user.click(await within(dialog).findByRole('radio', { name: /flying-squid/ }));
    await user.click(button('Next'));
    await user.click(within(dialog).getByLabelText('Name'));
    await user.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});

describe("Minecraft's upstream unreachable (issue 15 #10)", () => {
  it('says so in words, with the core detail below', async () => {
    const { user, dialog, button } = setup({
      'GET /setup_manifest/MinecraftJavaVanilla': {
        status: 502,
        body: {
          kind: 'External',
          causes: [
            'Could not reach https://piston-meta.mojang.com/mc/game/version_manifest_v2.json',
            'getaddrinfo ENOTFOUND piston-meta.mojang.com',
          ],
        },
      },
    });
    await user.click(
      await within(dialog).findByRole('radio', { name: 'Minecraft Java (Vanilla)' }),
    );
    await user.click(button('Next'));
    await user.click(button('Next'));
    const alert = await within(dialog).findByRole('alert');
    expect(
      within(alert).getByText("Minecraft's download servers could not be reached"),
    ).toBeVisible();
    expect(alert).toHaveTextContent('getaddrinfo ENOTFOUND piston-meta.mojang.com');
  });

  it('keeps other failures as they are', async () => {
    const { user, dialog, button } = setup({
      'GET /setup_manifest/MinecraftJavaVanilla': {
        status: 403,
        body: { kind: 'PermissionDenied', causes: ['Nope'] },
      },
    });
    await user.click(
      await within(dialog).findByRole('radio', { name: 'Minecraft Java (Vanilla)' }),
    );
    await user.click(button('Next'));
    await user.click(button('Next'));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Permission Denied: Nope');
    expect(alert).not.toHaveTextContent('could not be reached');
  });
});
