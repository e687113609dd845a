import { createContext, useContext } from 'react';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useRoutes } from '@/lib/router/router.tsx';
import { apiPaths } from '@hearth/protocol';
import type { ClientEvent, ClientFile, InstanceInfo } from '@hearth/protocol';
import { Toaster } from '@/components/ui/toaster.tsx';
import { createQueryClient } from '@/lib/query-client.ts';
import { RealtimeHub } from '@/lib/realtime/socket-hub.ts';
import { publishEvent } from '@/lib/realtime/event-handlers.ts';
import { RealtimeProvider } from '@/lib/realtime/realtime-hooks.ts';
import { FakeSocket } from '@/test/fake-socket.ts';
import { coreRoutes, installFakeFetch } from '@/test/fake-fetch.ts';
import type { FakeHandler } from '@/test/fake-fetch.ts';
import { SQUID_GAME, TEST_CORE, instanceInfo, validJwt } from '@/test/fixtures.ts';
import { LocationProbe, locationRecorder } from '@/test/location-probe.tsx';
import { connectTo } from '@/test/render-app.tsx';
import { FilesScreen } from './components/files-screen.tsx';
import { resetLastInstanceForTests } from './use-file-browser.ts';

// Renders the Files tab alone (query cache, socket hub, toasts, a memory router for `path`)
// against a fake core. jsdom has no layout: the list's scroll box is given a height so the
// virtualizer renders rows, and ranges get empty rectangles so CodeMirror can measure.

export const UUID = 'INSTANCE_1';

export function instance(overrides: Partial<InstanceInfo> = {}): InstanceInfo {
  return instanceInfo({
    uuid: UUID,
    name: 'Squid',
    game_type: SQUID_GAME,
    description: '',
    version: '1.21',
    path: '/data/instances/squid',
    ...overrides,
  });
}

export const ls = (path: string, uuid = UUID) => `GET ${apiPaths.fsLs(uuid, path)}`;
export const read = (path: string) => `GET ${apiPaths.fsRead(UUID, path)}`;
export const route = (method: string, path: string) => `${method} ${path}`;

function installLayoutStubs(): () => void {
  const height = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get: () => 600,
  });
  const range = Range.prototype as unknown as Record<string, unknown>;
  const hadRects = 'getClientRects' in range;
  const empty = { length: 0, item: () => null, [Symbol.iterator]: function* () {} };
  range.getClientRects ??= () => empty;
  range.getBoundingClientRect ??= () => ({
    x: 0,
    y: 0,
    width: 0,
    height: 0,
    top: 0,
    left: 0,
    right: 0,
    bottom: 0,
  });
  return () => {
    if (height) Object.defineProperty(HTMLElement.prototype, 'clientHeight', height);
    if (!hadRects) delete range.getClientRects;
  };
}

/**
 * The set-up every Files tab test file shares: a longer time-out (the machine is shared and each
 * test clicks through several screens) and the layout stubs for the whole file. Call it once at
 * the top of the file.
 */
export function setUpFilesTabSuite(): void {
  vi.setConfig({ testTimeout: 20_000 });
  let restore: () => void = () => {};
  beforeAll(() => {
    restore = installLayoutStubs();
  });
  afterAll(() => restore());
}

interface ScreenProps {
  instance: InstanceInfo;
  canRead: boolean;
  canWrite: boolean;
}

const PropsContext = createContext<ScreenProps | null>(null);

/** The routed screen reads its props from context, so a re-render reaches it through the router. */
function Screen() {
  const props = useContext(PropsContext);
  return props ? <FilesScreen {...props} /> : null;
}

/** The Files tab at its path only, as the app's route table has it. */
const FILES_ROUTES = [{ path: '/dashboard/files', element: <Screen /> }];
function FilesRoute() {
  return useRoutes(FILES_ROUTES);
}

export interface RenderOptions {
  routes?: Record<string, FakeHandler>;
  canRead?: boolean;
  canWrite?: boolean;
  url?: string;
  instance?: InstanceInfo;
}

export function renderFiles(options: RenderOptions = {}) {
  resetLastInstanceForTests();
  connectTo(TEST_CORE, validJwt());
  const network = installFakeFetch(coreRoutes(options.routes ?? {}));
  const queryClient = createQueryClient({ retry: false });
  const hub = new RealtimeHub({ createSocket: (url) => new FakeSocket(url) });
  const user = userEvent.setup();
  let props: ScreenProps = {
    instance: options.instance ?? instance(),
    canRead: options.canRead ?? true,
    canWrite: options.canWrite ?? true,
  };
  const url = options.url ?? '/dashboard/files';
  const router = locationRecorder(url);
  const ui = () => (
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider hub={hub}>
        <PropsContext.Provider value={props}>
          <div style={{ height: 800 }}>
            <MemoryRouter initialEntries={[url]}>
              <FilesRoute />
              <LocationProbe into={router} />
            </MemoryRouter>
          </div>
        </PropsContext.Provider>
        <Toaster />
      </RealtimeProvider>
    </QueryClientProvider>
  );
  const view = render(ui());
  return {
    ...view,
    network,
    queryClient,
    router,
    user,
    /** Re-renders with other props (another instance, other permissions). */
    update: (change: Partial<ScreenProps>) => {
      props = { ...props, ...change };
      view.rerender(ui());
    },
    searchParam: (name: string) => new URLSearchParams(router.state.location.search).get(name),
    /** A live event from the event stream. */
    emit: (event: ClientEvent) => act(() => publishEvent(event, { fresh: true, queryClient })),
  };
}

export const fileList = () => screen.getByRole('grid', { name: 'Files' });
export const rowOf = (name: string) =>
  within(fileList()).getByRole('button', { name }).closest<HTMLElement>('[role="row"]')!;
/** The text a screen reader reads as the name of a row's button (what is not aria-hidden). */
function spokenText(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return copy.textContent?.trim() ?? '';
}

/** Each row's name, as a screen reader reads its one Tab stop. */
export const rowNames = () =>
  Array.from(fileList().querySelectorAll<HTMLElement>('[role="row"]')).map((row) => {
    const button = row.querySelector('[data-row-button]');
    return button ? spokenText(button) : '';
  });
export const checkboxOf = (name: string) =>
  screen.getByRole('checkbox', { name: `Select ${name}` });

export function fsEnd(success: boolean, message: string, uuid = UUID): ClientEvent {
  return {
    event_inner: {
      type: 'ProgressionEvent',
      event_id: '1',
      progression_event_inner: {
        type: 'ProgressionEnd',
        success,
        message,
        inner: { type: 'FSOperationCompleted', instance_uuid: uuid, success, message },
      },
    },
    details: '',
    snowflake: '2',
    level: success ? 'Info' : 'Error',
    caused_by: { type: 'System' },
  };
}

export type { ClientFile };
