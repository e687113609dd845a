// Issue 15 #7: the Overview kept the old port after the port setting changed, until a reload. The
// core sends no event for a setting, so the list is fetched again once the core took the value.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ConfigurableManifest } from '@hearth/protocol';
import { globalSettings, instanceInfo, publicUser } from '@/test/fixtures.ts';
import { renderApp, signInAs } from '@/test/render-app.tsx';
import { setting } from '@/features/instances/setting-test-fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

const MANIFEST: ConfigurableManifest = {
  auto_start: false,
  restart_on_crash: false,
  setting_sections: {
    server_properties_section: {
      section_id: 'server_properties_section',
      name: 'Server Properties',
      description: '',
      settings: {
        'server-port': setting(
          'server-port',
          { type: 'UnsignedInteger', min: 1, max: 65535 },
          { name: 'Server Port', value: { type: 'UnsignedInteger', value: 25565 } },
        ),
      },
    },
  },
};

describe('Overview after a setting change (issue 15 #7)', () => {
  it('shows the new port without a reload', async () => {
    let port = 25565;
    const net = signInAs(publicUser({ is_owner: true }), {
      'GET /global_settings': { body: globalSettings({ safe_mode: false }) },
      'GET /instance/list': () => ({ body: [instanceInfo({ uuid: 'A', name: 'Alpha', port })] }),
      'GET /instance/A/settings': { body: MANIFEST },
      'PUT /instance/A/settings/server_properties_section/server-port': (req) => {
        port = (req.body as { value: number }).value;
        return { body: null };
      },
    });
    const { user } = renderApp('/dashboard/settings?instance=A');
    const field = await screen.findByRole('textbox', { name: 'Server Port' });
    await user.clear(field);
    await user.type(field, '25570{Enter}');
    await vi.waitFor(() => expect(port).toBe(25570));
    await vi.waitFor(() => expect(net.callsTo('GET', '/instance/list')).toHaveLength(2));

    const tabs = screen.getByRole('navigation', { name: 'Instance tabs' });
    await user.click(within(tabs).getByRole('button', { name: 'Overview' }));
    expect(await screen.findByRole('button', { name: 'Copy core.test:25570' })).toBeInTheDocument();
  });
});
