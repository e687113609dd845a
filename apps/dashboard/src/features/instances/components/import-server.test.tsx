import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ImportDetection, StagedImport } from '@hearth/protocol';
import type { FakeHandler } from '@/test/fake-fetch.ts';
import { renderScreen } from '@/test/render-app.tsx';
import { setting } from '../setting-test-fixtures.ts';
import type { ImportAccess } from '../import-access.ts';
import { CreateInstanceWizard } from './create-instance-wizard.tsx';

afterEach(() => vi.unstubAllGlobals());

function detection(overrides: Partial<ImportDetection> = {}): ImportDetection {
  return {
    kind: 'minecraft',
    lodestone: false,
    name: 'survival',
    description: '',
    port: 25570,
    motd: 'Hi',
    minecraft: {
      flavour: 'paper',
      version: '1.21.1',
      loader_version: '130',
      server_jar: 'paper-1.21.1-130.jar',
      java_major: 21,
      min_ram: 1024,
      max_ram: 4096,
      cmd_args: [],
    },
    definition: null,
    command: null,
    jars: ['paper-1.21.1-130.jar'],
    notes: ['Paper 1.21.1 server jar paper-1.21.1-130.jar', 'server.properties: port 25570'],
    files: 42,
    bytes: 1000,
    ...overrides,
  };
}

const staged = (d: ImportDetection): StagedImport => ({ id: 'IMP1', expires_at: 1, detection: d });

function setup(imports: ImportAccess, routes: Record<string, FakeHandler> = {}) {
  const onOpenChange = vi.fn();
  const { network: calls, user } = renderScreen(
    <CreateInstanceWizard open onOpenChange={onOpenChange} imports={imports} />,
    {
      'GET /games': { body: ['MinecraftJavaVanilla'] },
      'POST /import/upload': { body: staged(detection()) },
      'POST /import/IMP1/create': { body: 'INSTANCE_NEW' },
      'DELETE /import/IMP1': { body: null },
      ...routes,
    },
  );
  const dialog = screen.getByRole('dialog', { name: 'Create a new instance' });
  const chooseImport = async () =>
    user.click(await within(dialog).findByRole('button', { name: 'Import an existing server' }));
  /** Types `value` over a detected field and imports; the wizard closes. Returns what was created. */
  const correctAndImport = async (field: HTMLElement, value: string) => {
    await user.clear(field);
    await user.type(field, value);
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    return calls.callsTo('POST', '/import/IMP1/create')[0]?.body;
  };
  return { calls, user, dialog, chooseImport, correctAndImport };
}

const ARCHIVE = new File(['PK'], 'server.zip', { type: 'application/zip' });

describe('wizard: import an existing server (issue 27)', () => {
  it('is offered only to those who may import', async () => {
    setup({ allowed: false, hostFolder: false });
    await screen.findByRole('radiogroup');
    expect(screen.queryByRole('button', { name: 'Import an existing server' })).toBeNull();
  });

  it('uploads an archive, shows what was detected, and creates it as corrected', async () => {
    const { calls, user, dialog, chooseImport, correctAndImport } = setup({
      allowed: true,
      hostFolder: false,
    });
    await chooseImport();
    expect(
      within(dialog).queryByRole('textbox', { name: "Folder on the core's machine" }),
    ).toBeNull();
    await user.upload(await within(dialog).findByLabelText('Server archive'), ARCHIVE);
    expect(
      within(dialog).queryByRole('textbox', { name: "Folder on the core's machine" }),
    ).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Upload and detect' }));
    const found = await within(dialog).findByRole('region', { name: 'Detected' });
    expect(found).toHaveTextContent('Paper 1.21.1 server jar');
    expect(calls.callsTo('POST', '/import/upload')).toHaveLength(1);
    expect(within(dialog).getByRole('textbox', { name: 'Port' })).toHaveValue('25570');

    const version = within(dialog).getByRole('textbox', { name: 'Minecraft version' });
    expect(await correctAndImport(version, '1.21.4')).toEqual({
      kind: 'minecraft',
      name: 'survival',
      port: 25570,
      flavour: 'paper',
      version: '1.21.4',
      loader_version: '130',
      server_jar: 'paper-1.21.1-130.jar',
      java_major: 21,
      min_ram: 1024,
      max_ram: 4096,
      cmd_args: [],
    });
  });

  it("a game's backup moves to another port: the Port field sets the game's port setting", async () => {
    const { user, dialog, chooseImport, correctAndImport } = setup(
      { allowed: true, hostFolder: false },
      {
        'POST /import/upload': {
          body: staged(
            detection({
              kind: 'definition',
              name: 'squid backup',
              port: 25570,
              definition: {
                url: 'file:///defs/flying-squid/definition.ts',
                game_display_name: 'Minecraft (flying-squid)',
                values: { version: '1.20.4', port: 25570 },
              },
              jars: [],
              notes: ['A Minecraft (flying-squid) server (its settings file)'],
            }),
          ),
        },
        'PUT /generic_setup_manifest': {
          body: {
            setting_sections: {
              section_1: {
                section_id: 'section_1',
                name: 'Basic Settings',
                description: '',
                settings: {
                  version: setting(
                    'version',
                    { type: 'Enum', options: ['1.21.4', '1.20.4'] },
                    { description: '', default_value: { type: 'Enum', value: '1.21.4' } },
                  ),
                  port: setting(
                    'port',
                    { type: 'UnsignedInteger', min: 0, max: 65535 },
                    { description: '', default_value: { type: 'UnsignedInteger', value: 25565 } },
                  ),
                },
              },
            },
          },
        },
      },
    );
    await chooseImport();
    await user.upload(await within(dialog).findByLabelText('Server archive'), ARCHIVE);
    await user.click(within(dialog).getByRole('button', { name: 'Upload and detect' }));
    const port = await within(dialog).findByRole('textbox', { name: 'Port' });
    expect(port).toHaveValue('25570');
    expect(await correctAndImport(port, '25580')).toMatchObject({
      kind: 'definition',
      url: 'file:///defs/flying-squid/definition.ts',
      setup_value: {
        name: 'squid backup',
        setting_sections: {
          section_1: {
            settings: {
              version: { value: { type: 'Enum', value: '1.20.4' } },
              port: { value: { type: 'UnsignedInteger', value: 25580 } },
            },
          },
        },
      },
    });
  });

  it('an unknown folder needs its start command confirmed; Back discards the staged import', async () => {
    const { calls, user, dialog, chooseImport } = setup(
      { allowed: true, hostFolder: true },
      {
        'POST /import/folder': {
          body: staged(
            detection({
              kind: 'command',
              command: 'sh start.sh',
              jars: [],
              notes: ['start.sh'],
              port: null,
            }),
          ),
        },
      },
    );
    await chooseImport();
    await user.type(
      await within(dialog).findByRole('textbox', { name: "Folder on the core's machine" }),
      '/srv/game',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Copy and detect' }));
    const command = await within(dialog).findByRole('textbox', { name: 'Start command' });
    expect(calls.callsTo('POST', '/import/folder')[0]?.body).toEqual({ path: '/srv/game' });
    expect(command).toHaveValue('sh start.sh');
    await user.clear(command);
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    await vi.waitFor(() => expect(calls.callsTo('DELETE', '/import/IMP1')).toHaveLength(1));
    expect(
      await within(dialog).findByRole('button', { name: 'Import an existing server' }),
    ).toBeInTheDocument();
  });
});
