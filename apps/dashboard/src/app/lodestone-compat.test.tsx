// Issue 15 "Our dashboard against a Lodestone core": the dashboard's API layer run against the
// answers a Lodestone core gives (test/lodestone-fixtures.ts, recorded from core-api.md).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { viewerOf } from '@/lib/permissions.ts';
import { createQueryClient } from '@/lib/query-client.ts';
import { fetchEventBuffer, parseEventList } from '@/lib/realtime/event-stream.ts';
import { coreRoutes, installFakeFetch } from '@/test/fake-fetch.ts';
import { TEST_CORE, instanceInfo, publicUser, validJwt } from '@/test/fixtures.ts';
import {
  CREATE_GENERIC_ANSWER,
  EVENT_BUFFER,
  KILL_ANSWER,
  KILL_STOPPED_ANSWER,
  LODESTONE_INSTANCE,
  lodestoneRoutes,
} from '@/test/lodestone-fixtures.ts';
import { connectTo } from '@/test/render-app.tsx';
import { controlInstance } from '@/features/instances/api/control-instance.ts';
import { createGenericInstance } from '@/features/instances/api/create-instance.ts';
import { getCoreExtensions } from '@/features/instances/api/get-shipped-definitions.ts';
import { SettingsTab } from '@/features/instances/components/settings-tab.tsx';

afterEach(() => vi.unstubAllGlobals());

const SETUP = { name: 'Docker', setting_sections: {} };
const uuid = LODESTONE_INSTANCE.uuid;

describe('our dashboard against a Lodestone core', () => {
  it('accepts the null answer of POST /instance/create_generic', async () => {
    connectTo(TEST_CORE, validJwt());
    installFakeFetch(lodestoneRoutes({ 'POST /instance/create_generic': CREATE_GENERIC_ANSWER }));
    await expect(createGenericInstance('minecraft', SETUP)).resolves.toBeNull();
  });

  it('still takes the uuid from a Hearth core', async () => {
    connectTo(TEST_CORE, validJwt());
    installFakeFetch(coreRoutes({ 'POST /instance/create_generic': { body: 'INSTANCE_9' } }));
    await expect(createGenericInstance('file:///x.ts', SETUP)).resolves.toBe('INSTANCE_9');
  });

  it('treats the kill quirk (500 "Process not available…") as a kill that worked', async () => {
    connectTo(TEST_CORE, validJwt());
    installFakeFetch(lodestoneRoutes({ [`PUT /instance/${uuid}/kill`]: KILL_ANSWER }));
    await expect(controlInstance(uuid, 'kill')).resolves.toBeUndefined();
  });

  it('reports a real kill failure, and the same text on another action', async () => {
    connectTo(TEST_CORE, validJwt());
    installFakeFetch(
      lodestoneRoutes({
        [`PUT /instance/${uuid}/kill`]: KILL_STOPPED_ANSWER,
        [`PUT /instance/${uuid}/stop`]: KILL_ANSWER,
      }),
    );
    await expect(controlInstance(uuid, 'kill')).rejects.toMatchObject({
      causes: ['Instance is already stopped'],
    });
    await expect(controlInstance(uuid, 'stop')).rejects.toMatchObject({ status: 500 });
  });

  it('keeps the readable events of a buffer holding one it cannot parse, and counts the other', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    connectTo(TEST_CORE, validJwt());
    installFakeFetch(lodestoneRoutes());
    const events = await fetchEventBuffer(TEST_CORE, validJwt());
    expect(events.map((e) => e.snowflake)).toEqual([
      '215458041036935168',
      '215458041036935170',
      '215458045231239168',
    ]);
    expect(parseEventList(EVENT_BUFFER).skipped).toBe(1);
    expect(warn).toHaveBeenCalledWith('Skipped 1 of 4 buffered events this dashboard cannot read');
  });

  it('learns once per core that it has no Hearth routes, and hides the Automation card', async () => {
    connectTo(TEST_CORE, validJwt());
    const net = installFakeFetch(
      lodestoneRoutes({
        [`GET /instance/${uuid}/settings`]: {
          body: { auto_start: false, restart_on_crash: false, setting_sections: {} },
        },
      }),
    );
    await expect(getCoreExtensions(TEST_CORE)).resolves.toEqual({ hearth: false, definitions: [] });
    const queryClient = createQueryClient({ retry: false });
    const viewer = viewerOf(publicUser({ is_owner: true }), false);
    const instance = instanceInfo({ uuid, name: 'Survival' });
    const tab = () => (
      <QueryClientProvider client={queryClient}>
        <SettingsTab instance={instance} viewer={viewer} onDeleted={() => undefined} />
      </QueryClientProvider>
    );
    const view = render(tab());
    expect(await screen.findByRole('heading', { name: 'Danger Zone' })).toBeInTheDocument();
    await vi.waitFor(() => expect(net.callsTo('GET', '/games/definitions')).toHaveLength(2));
    expect(screen.queryByRole('region', { name: 'Automation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Auto Start' })).not.toBeInTheDocument();
    view.unmount();
    render(tab());
    await screen.findByRole('heading', { name: 'Danger Zone' });
    // The second visit asks nothing more (one probe from the component, one from the test above).
    expect(net.callsTo('GET', '/games/definitions')).toHaveLength(2);
  });

  it('shows the Automation card on a Hearth core', async () => {
    connectTo(TEST_CORE, validJwt());
    installFakeFetch(
      coreRoutes({
        'GET /instance/A/settings': {
          body: { auto_start: false, restart_on_crash: false, setting_sections: {} },
        },
      }),
    );
    render(
      <QueryClientProvider client={createQueryClient({ retry: false })}>
        <SettingsTab
          instance={instanceInfo({ uuid: 'A' })}
          viewer={viewerOf(publicUser({ is_owner: true }), false)}
          onDeleted={() => undefined}
        />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('switch', { name: 'Auto Start' })).toBeInTheDocument();
  });
});
