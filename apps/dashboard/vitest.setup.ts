import '@testing-library/jest-dom/vitest';
import { createElement } from 'react';
import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { resetSessionFromStorage } from '@/lib/session.ts';
import { resetConnectionStatus } from '@/lib/connection-status.ts';
import { setDesktopBridge } from '@/lib/desktop-bridge.ts';
import { FakeSocket } from '@/test/fake-socket.ts';
import { minimumDurations } from '@/lib/use-minimum-duration.ts';
import { resetToasts } from '@/lib/toast.ts';
import { activateSourceLocale, resetLocalePreference } from '@/lib/i18n/i18n.ts';

// Tests read the spec's English; one that needs another language calls activateLocale (and the
// English is back for the next test).
activateSourceLocale();

// Screens that must show a loader for a minimum time render at once in component tests.
minimumDurations.scale = 0;

// jsdom lacks these browser APIs that Radix and sonner touch.
class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
globalThis.ResizeObserver ??= ResizeObserverStub;
// No query matches unless a test says otherwise (src/test/media-queries.ts); put back after each
// test, so a query a test set cannot reach the next file (the files share one window).
const noMediaQueries = (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }) as MediaQueryList;
window.matchMedia = noMediaQueries;
const element = Element.prototype as unknown as Record<string, unknown>;
const stubs: Record<string, () => unknown> = {
  scrollIntoView: () => undefined,
  hasPointerCapture: () => false,
  releasePointerCapture: () => undefined,
};
for (const [name, stub] of Object.entries(stubs)) {
  if (!(name in element)) element[name] = stub;
}

// uPlot draws on a canvas, which jsdom does not have (the e2e run covers the chart): a stand-in
// shows how many points it was given. One mock for every file: the files share a module graph.
vi.mock('@/features/instances/components/uplot-chart.tsx', () => ({
  UplotChart: ({ data }: { data: [number[], (number | null)[]] }) =>
    createElement('div', { 'data-testid': 'chart' }, data[1].length),
}));

// The machine is shared; lazily loaded screens can take a moment to compile on first use. A wait
// ends as soon as what it waits for is there: the limit only bounds how long a failure takes.
configure({ asyncUtilTimeout: 10_000 });
// Load the lazily imported toast, dialog and popup code and the services every screen starts
// after its first paint up front, so the first use in a file is not slow (they still load on
// first use: their import only resolves at once).
await import('@/app/root-services.tsx');
await import('@/components/ui/toaster.tsx');
await import('@/components/ui/dialog.tsx');
await import('@/components/ui/drawer-popup.tsx');
await import('@/components/ui/tooltip-popup.tsx');

afterEach(async () => {
  cleanup();
  // Toasts live in sonner's module state; without this they would replay into the next test.
  (await import('sonner')).toast.dismiss();
  resetToasts();
  FakeSocket.reset();
  localStorage.clear();
  sessionStorage.clear();
  resetSessionFromStorage();
  resetConnectionStatus();
  setDesktopBridge(undefined);
  resetLocalePreference();
  activateSourceLocale();
  window.matchMedia = noMediaQueries;
});
