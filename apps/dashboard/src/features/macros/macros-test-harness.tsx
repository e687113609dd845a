import { act } from '@testing-library/react';
import { apiPaths } from '@hearth/protocol';
import type { MacroEventInner } from '@hearth/protocol';
import { createQueryClient } from '@/lib/query-client.ts';
import { publishEvent, publishHearthEvent } from '@/lib/realtime/event-handlers.ts';
import { RealtimeProvider } from '@/lib/realtime/realtime-hooks.ts';
import { RealtimeHub } from '@/lib/realtime/socket-hub.ts';
import type { FakeHandler } from '@/test/fake-fetch.ts';
import { FakeSocket } from '@/test/fake-socket.ts';
import { clientEvent, instanceInfo } from '@/test/fixtures.ts';
import { renderScreen } from '@/test/render-app.tsx';
import { MacrosScreen } from './components/macros-screen.tsx';

// Renders the Macros tab alone (query cache, socket hub, toasts) against a fake core.

export const UUID = 'INSTANCE_1';
export const DENIAL = "You don't have permission to access this instance's macros";

export const route = {
  list: `GET ${apiPaths.macroList(UUID)}`,
  tasks: `GET ${apiPaths.taskList(UUID)}`,
  history: `GET ${apiPaths.historyList(UUID)}`,
  run: (name: string) => `PUT ${apiPaths.macroRun(UUID, name)}`,
  kill: (pid: number) => `PUT ${apiPaths.macroKill(UUID, pid)}`,
  configGet: (name: string) => `GET ${apiPaths.macroConfigGet(UUID, name)}`,
  configStore: (name: string) => `POST ${apiPaths.macroConfigStore(UUID, name)}`,
  output: (pid: number) => `GET ${apiPaths.macroOutput(UUID, pid)}`,
};

/** Unix seconds of a local wall-clock time (the tables show local times). */
export function localSeconds(y: number, month: number, d: number, h: number, min: number): number {
  return Math.floor(new Date(y, month, d, h, min).getTime() / 1000);
}

export function renderMacros(routes: Record<string, FakeHandler>, canAccess = true) {
  const { network, queryClient, user } = renderScreen(
    <RealtimeProvider hub={new RealtimeHub({ createSocket: (url) => new FakeSocket(url) })}>
      <MacrosScreen
        instance={instanceInfo({ uuid: UUID, name: 'Squid' })}
        canAccess={canAccess}
        denial={DENIAL}
      />
    </RealtimeProvider>,
    {
      [route.list]: { body: [] },
      [route.tasks]: { body: [] },
      [route.history]: { body: [] },
      ...routes,
    },
  );
  return { network, queryClient, user };
}

/** Delivers a live MacroEvent of the instance, as the event stream would. */
export function sendMacroEvent(
  queryClient: ReturnType<typeof createQueryClient>,
  pid: number,
  inner: MacroEventInner,
  instanceUuid = UUID,
): void {
  const event = clientEvent(
    { type: 'MacroEvent', instance_uuid: instanceUuid, macro_pid: pid, macro_event_inner: inner },
    { caused_by: { type: 'Macro', macro_pid: pid } },
  );
  act(() => publishEvent(event, { fresh: true, queryClient }));
}

/** Delivers Hearth's MacrosChanged frame for the instance, as the event stream would. */
export function sendMacrosChanged(
  queryClient: ReturnType<typeof createQueryClient>,
  instanceUuid = UUID,
): void {
  act(() =>
    publishHearthEvent({ type: 'MacrosChanged', instance_uuid: instanceUuid }, { queryClient }),
  );
}
