import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { GetConfigResponse, MacroEntry } from '@hearth/protocol';
import { setting } from '@/test/fixtures.ts';
import { renderMacros, route } from '../macros-test-harness.tsx';

afterEach(() => vi.unstubAllGlobals());

const MACROS: MacroEntry[] = [
  { name: 'greeter', last_run: null, path: '/data/i/macros/greeter', needs_config: false },
];
const CONFIG: GetConfigResponse = {
  config: {
    greeting: setting(
      'config|greeting',
      { type: 'String', regex: null },
      {
        name: 'greeting',
        description: 'Who to greet',
        value: { type: 'String', value: 'hello' },
        default_value: { type: 'String', value: 'hello' },
      },
    ),
    loud: setting(
      'config|loud',
      { type: 'Boolean' },
      { name: 'loud', description: '', is_required: false },
    ),
    volume: setting(
      'config|volume',
      { type: 'Enum', options: ['quiet', 'loud'] },
      { name: 'volume', description: 'How loud', value: { type: 'Enum', value: 'quiet' } },
    ),
  },
  message: null,
  error: null,
};

async function openConfig(user: ReturnType<typeof renderMacros>['user']) {
  await user.click(await screen.findByRole('button', { name: 'greeter actions' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Edit Config' }));
  return screen.findByRole('dialog', { name: 'Macro Config' });
}

describe('Macro Config dialog (dashboard.md §2 Macros)', () => {
  it('lists the settings with the setting widgets; Save stores them all with the edits and closes', async () => {
    const { user, network } = renderMacros({
      [route.list]: { body: MACROS },
      [route.configGet('greeter')]: { body: CONFIG },
      [route.configStore('greeter')]: { body: null },
    });
    const dialog = await openConfig(user);
    const greeting = await within(dialog).findByRole('textbox', { name: 'greeting' });
    expect(greeting).toHaveValue('hello');
    expect(within(dialog).getByText('Who to greet')).toBeInTheDocument();
    expect(within(dialog).getByRole('switch', { name: 'loud' })).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'volume' })).toHaveValue('quiet');
    expect(within(dialog).queryByText('This macro requires additional config.')).toBeNull();

    await user.clear(greeting);
    await user.type(greeting, 'welcome back');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'volume' }), 'loud');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const stored = network.callsTo('POST', route.configStore('greeter').slice(5))[0]!
      .body as GetConfigResponse['config'];
    expect(stored.greeting!.value).toEqual({ type: 'String', value: 'welcome back' });
    expect(stored.volume!.value).toEqual({ type: 'Enum', value: 'loud' });
    expect(stored.loud).toEqual(CONFIG.config.loud);
  });

  it('says This macro requires additional config. when the config carries an error', async () => {
    const { user } = renderMacros({
      [route.list]: { body: MACROS },
      [route.configGet('greeter')]: {
        body: { ...CONFIG, message: 'Local config cache not found', error: 'NotFound' },
      },
    });
    const dialog = await openConfig(user);
    expect(
      await within(dialog).findByText('This macro requires additional config.'),
    ).toBeInTheDocument();
  });

  it('shows a refused Save in the dialog and stays open', async () => {
    const { user } = renderMacros({
      [route.list]: { body: MACROS },
      [route.configGet('greeter')]: { body: CONFIG },
      [route.configStore('greeter')]: {
        status: 400,
        body: {
          kind: 'BadRequest',
          causes: ['The config does not match', 'greeting needs a value'],
        },
      },
    });
    const dialog = await openConfig(user);
    await within(dialog).findByRole('textbox', { name: 'greeting' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(
        'Bad Request: The config does not match: greeting needs a value',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Macro Config' })).toBeInTheDocument();
  });

  it('Save before the config arrived toasts Error: Invalid state', async () => {
    const { user, network } = renderMacros({
      [route.list]: { body: MACROS },
      [route.configGet('greeter')]: () => new Promise(() => undefined),
    });
    const dialog = await openConfig(user);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Error: Invalid state')).toBeInTheDocument();
    expect(network.callsTo('POST', route.configStore('greeter').slice(5))).toHaveLength(0);
  });

  it('a config the core cannot give toasts Error opening macro config and closes', async () => {
    const { user } = renderMacros({
      [route.list]: { body: MACROS },
      [route.configGet('greeter')]: {
        status: 400,
        body: { kind: 'BadRequest', causes: ['Invalid config declaration'] },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'greeter actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit Config' }));
    expect(
      await screen.findByText(
        'Error opening macro config: Bad Request: Invalid config declaration',
      ),
    ).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('Close closes without storing anything', async () => {
    const { user, network } = renderMacros({
      [route.list]: { body: MACROS },
      [route.configGet('greeter')]: { body: CONFIG },
    });
    const dialog = await openConfig(user);
    await within(dialog).findByRole('textbox', { name: 'greeting' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(network.callsTo('POST', route.configStore('greeter').slice(5))).toHaveLength(0);
  });

  it.each(['abc', '2.5x'])(
    'refuses the invalid number %s with the field error and stays open; a valid one is stored',
    async (text) => {
      const delay = setting(
        'config|delay',
        { type: 'Float', min: null, max: null },
        { name: 'delay', description: 'Seconds', value: { type: 'Float', value: 5 } },
      );
      const { user, network } = renderMacros({
        [route.list]: { body: MACROS },
        [route.configGet('greeter')]: { body: { ...CONFIG, config: { delay } } },
        [route.configStore('greeter')]: { body: null },
      });
      const dialog = await openConfig(user);
      const field = await within(dialog).findByRole('textbox', { name: 'delay' });
      await user.clear(field);
      await user.type(field, text);
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await within(dialog).findByText('Must be a number')).toBeInTheDocument();
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByRole('dialog', { name: 'Macro Config' })).toBeInTheDocument();
      expect(network.callsTo('POST', route.configStore('greeter').slice(5))).toHaveLength(0);

      await user.clear(field);
      await user.type(field, '2.5');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      const stored = network.callsTo('POST', route.configStore('greeter').slice(5))[0]!
        .body as GetConfigResponse['config'];
      expect(stored.delay!.value).toEqual({ type: 'Float', value: 2.5 });
    },
  );
});
