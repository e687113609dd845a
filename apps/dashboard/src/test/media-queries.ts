// Media queries the test controls (jsdom evaluates none): each query matches as set here, and
// changing one tells its listeners, as a resized window or a new colour scheme would.

export interface FakeMediaQueries {
  set: (query: string, matches: boolean) => void;
  /** How many listeners are attached, all queries together. */
  listenerCount: () => number;
  restore: () => void;
}

export function installMediaQueries(initial: Record<string, boolean>): FakeMediaQueries {
  const state = new Map(Object.entries(initial));
  const listeners = new Map<string, Set<() => void>>();
  const original = Object.getOwnPropertyDescriptor(window, 'matchMedia');
  const listFor = (query: string) => {
    let set = listeners.get(query);
    if (!set) listeners.set(query, (set = new Set()));
    return set;
  };
  window.matchMedia = (query: string) =>
    ({
      get matches() {
        return state.get(query) ?? false;
      },
      media: query,
      onchange: null,
      addEventListener: (_: string, listener: () => void) => listFor(query).add(listener),
      removeEventListener: (_: string, listener: () => void) => listFor(query).delete(listener),
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as unknown as MediaQueryList;
  return {
    set(query, matches) {
      state.set(query, matches);
      for (const listener of [...listFor(query)]) listener();
    },
    listenerCount: () => [...listeners.values()].reduce((n, set) => n + set.size, 0),
    restore() {
      if (original) Object.defineProperty(window, 'matchMedia', original);
      else delete (window as { matchMedia?: unknown }).matchMedia;
    },
  };
}

export const LIGHT_SCHEME = '(prefers-color-scheme: light)';
