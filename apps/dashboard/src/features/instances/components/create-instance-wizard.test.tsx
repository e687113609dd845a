import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { FakeHandler } from '@/test/fake-fetch.ts';
import { renderScreen } from '@/test/render-app.tsx';
import { minecraftLikeManifest, setting } from '../setting-test-fixtures.ts';
import { CreateInstanceWizard } from './create-instance-wizard.tsx';

afterEach(() => vi.unstubAllGlobals());

function setup(routes: Record<string, FakeHandler> = {}) {
  const onOpenChange = vi.fn();
  const { network: calls, user } = renderScreen(
    <CreateInstanceWizard open onOpenChange={onOpenChange} />,
    {
      'GET /games': { body: ['MinecraftJavaVanilla', 'MinecraftPaper'] },
      'GET /setup_manifest/MinecraftJavaVanilla': { body: minecraftLikeManifest() },
      'POST /instance/create/MinecraftJavaVanilla': { body: 'INSTANCE_NEW' },
      ...routes,
    },
  );
  const dialog = screen.getByRole('dialog', { name: 'Create a new instance' });
  const button = (name: string) => within(dialog).getByRole('button', { name });
  return { calls, onOpenChange, user, dialog, button };
}

describe('create-instance wizard (dashboard.md §2, §4, §5)', () => {
  it('walks the four steps, validating each, and creates the instance', async () => {
    const { calls, onOpenChange, user, dialog, button } = setup();
    expect(within(dialog).getByRole('list', { name: 'Steps' })).toHaveTextContent(
      '1. Select Game2. Basic Settings3. Instance Settings4. Auto Settings',
    );
    expect(button('Back')).toBeDisabled();

    await user.click(button('Next'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Select a game');
    await user.click(
      await within(dialog).findByRole('radio', { name: 'Minecraft Java (Vanilla)' }),
    );
    expect(within(dialog).getByRole('radio', { name: 'Minecraft Java (Vanilla)' })).toBeChecked();
    await user.click(button('Next'));

    expect(within(dialog).getByRole('heading', { name: 'Basic Settings' })).toBeInTheDocument();
    const name = within(dialog).getByLabelText('Name');
    expect(name).toHaveValue('My Server');
    await user.clear(name);
    await user.click(button('Next'));
    expect(within(dialog).getByText('Name is required')).toBeInTheDocument();
    await user.type(name, 'Survival');
    expect(within(dialog).queryByText('Name is required')).not.toBeInTheDocument();
    // Enter in a field is Next.
    await user.type(within(dialog).getByLabelText('Description'), 'with friends{Enter}');

    expect(within(dialog).getByRole('heading', { name: 'Instance Settings' })).toBeInTheDocument();
    expect(
      await within(dialog).findByRole('region', { name: 'Advanced Settings' }),
    ).toBeInTheDocument();
    const port = within(dialog).getByLabelText('Port');
    expect(port).toHaveValue('25565');
    await user.clear(port);
    await user.type(port, '1.5');
    await user.click(button('Next'));
    expect(within(dialog).getByText('Port must be an integer')).toBeInTheDocument();
    await user.clear(port);
    await user.type(port, '70000');
    expect(
      within(dialog).getByText('Port must be less than or equal to 65535'),
    ).toBeInTheDocument();
    await user.clear(port);
    await user.type(port, '25570');
    await user.selectOptions(within(dialog).getByLabelText('Version'), '1.19.4');
    await user.click(button('Next'));

    expect(within(dialog).getByRole('heading', { name: 'Auto Settings' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('switch', { name: 'Auto Start' }));
    await user.click(button('Create Instance'));

    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const [request] = calls.callsTo('POST', '/instance/create/MinecraftJavaVanilla');
    expect(request?.body).toEqual({
      name: 'Survival',
      description: 'with friends',
      auto_start: true,
      restart_on_crash: false,
      setting_sections: {
        section_1: {
          settings: {
            version: { value: { type: 'Enum', value: '1.19.4' } },
            port: { value: { type: 'UnsignedInteger', value: 25570 } },
          },
        },
        section_2: { settings: { cmd_args: { value: null } } },
      },
    });
  }, 30_000);

  it('shows Error creating instance: {reason} when the core refuses', async () => {
    const { user, dialog, button, onOpenChange } = setup({
      'POST /instance/create/MinecraftJavaVanilla': {
        status: 400,
        body: { kind: 'BadRequest', causes: ['Port 25565 is already in use'] },
      },
    });
    await user.click(
      await within(dialog).findByRole('radio', { name: 'Minecraft Java (Vanilla)' }),
    );
    await user.click(button('Next'));
    await user.click(button('Next'));
    await within(dialog).findByRole('region', { name: 'Basic Settings' });
    await user.click(button('Next'));
    await user.click(button('Create Instance'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Error creating instance: Bad Request: Port 25565 is already in use',
    );
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('Docker Instance: a failing load says Error fetching the instance; Next needs a loaded URL; Back keeps it', async () => {
    const generic = {
      setting_sections: {
        s: {
          section_id: 's',
          name: 'Server',
          description: '',
          settings: {
            motd: setting(
              'motd',
              { type: 'String', regex: null },
              { name: 'Message of the Day', default_value: { type: 'String', value: 'hi' } },
            ),
          },
        },
      },
    };
    const { calls, user, dialog, button } = setup({
      'PUT /generic_setup_manifest': (request) =>
        (request.body as { url: string }).url === 'file:///good/definition.ts'
          ? { body: generic }
          : { status: 400, body: { kind: 'BadRequest', causes: ['Cannot load the definition'] } },
      'POST /instance/create_generic': { body: 'INSTANCE_GENERIC' },
    });
    await user.click(await within(dialog).findByRole('radio', { name: /Docker Instance/ }));
    const url = within(dialog).getByLabelText('Definition URL');
    await user.type(url, 'file:///bad/definition.ts');
    await user.click(within(dialog).getByRole('button', { name: 'Load' }));
    expect(await within(dialog).findByText('Error fetching the instance')).toBeInTheDocument();
    expect(within(dialog).getByText('Bad Request: Cannot load the definition')).toBeInTheDocument();
    await user.click(button('Next'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Load a definition URL first');

    await user.clear(url);
    await user.type(url, 'file:///good/definition.ts{Enter}');
    expect(await within(dialog).findByText('Definition loaded')).toBeInTheDocument();
    await user.click(button('Next'));
    await user.click(button('Back'));
    // Issue 15 #2: Back keeps what was typed (and loaded) in step 1.
    expect(within(dialog).getByLabelText('Definition URL')).toHaveValue(
      'file:///good/definition.ts',
    );
    expect(within(dialog).getByText('Definition loaded')).toBeInTheDocument();
    await user.click(button('Next'));
    await user.click(button('Next'));
    const motd = await within(dialog).findByLabelText('Message of the Day');
    await user.clear(motd);
    await user.click(button('Next'));
    expect(within(dialog).getByText('Message of the Day is required')).toBeInTheDocument();
    await user.type(motd, 'Welcome');
    await user.click(button('Next'));
    await user.click(button('Create Instance'));
    await vi.waitFor(() =>
      expect(calls.callsTo('POST', '/instance/create_generic')).toHaveLength(1),
    );
    expect(calls.callsTo('POST', '/instance/create_generic')[0]?.body).toMatchObject({
      url: 'file:///good/definition.ts',
      setup_value: {
        name: 'My Server',
        setting_sections: {
          s: { settings: { motd: { value: { type: 'String', value: 'Welcome' } } } },
        },
      },
    });
  }, 30_000);
});
