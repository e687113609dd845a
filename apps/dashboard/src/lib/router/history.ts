// Where the app is (a location) and how it moves (push, replace, the browser's Back and Forward),
// behind one small interface: the browser's session history in the app, a list in memory in tests.

export interface Location {
  pathname: string;
  /** `?…` or ''. */
  search: string;
  /** `#…` or ''. */
  hash: string;
  /** What the navigation carried along (history state), or null. */
  state: unknown;
  /** Tells two visits of the same URL apart: a new key for every entry. */
  key: string;
}

/** How the current entry was reached. */
export const NavigationType = { Pop: 'POP', Push: 'PUSH', Replace: 'REPLACE' } as const;
export type NavigationType = (typeof NavigationType)[keyof typeof NavigationType];

/** The whole state a router shows: a new object for every navigation. */
export interface HistorySnapshot {
  action: NavigationType;
  location: Location;
}

export interface RouterHistory {
  current: () => HistorySnapshot;
  /** Calls `listener` after every navigation; returns the unsubscribe. */
  listen: (listener: () => void) => () => void;
  push: (to: PathParts, state?: unknown) => void;
  replace: (to: PathParts, state?: unknown) => void;
}

export interface PathParts {
  pathname: string;
  search: string;
  hash: string;
}

/** A URL (path, query, fragment) as its parts. */
export function parsePath(url: string): PathParts {
  const hashAt = url.indexOf('#');
  const hash = hashAt >= 0 ? url.slice(hashAt) : '';
  const rest = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const searchAt = rest.indexOf('?');
  const search = searchAt >= 0 ? rest.slice(searchAt) : '';
  const pathname = (searchAt >= 0 ? rest.slice(0, searchAt) : rest) || '/';
  return { pathname, search: search === '?' ? '' : search, hash: hash === '#' ? '' : hash };
}

export function createPath({ pathname, search, hash }: PathParts): string {
  return pathname + search + hash;
}

let keys = 0;
function newKey(): string {
  keys += 1;
  return `${keys.toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** What the browser history keeps per entry: the navigation's state and the entry's key. */
interface EntryState {
  hearthKey: string;
  state: unknown;
}

function isEntryState(value: unknown): value is EntryState {
  return typeof value === 'object' && value !== null && 'hearthKey' in value;
}

/** The browser's session history (`history.pushState`, `popstate`). */
export function createBrowserHistory(win: Window = window): RouterHistory {
  const listeners = new Set<() => void>();
  const read = (action: NavigationType): HistorySnapshot => {
    const entry: unknown = win.history.state;
    const { pathname, search, hash } = win.location;
    return {
      action,
      location: {
        pathname,
        search,
        hash,
        state: isEntryState(entry) ? entry.state : null,
        key: isEntryState(entry) ? entry.hearthKey : 'default',
      },
    };
  };
  let snapshot = read(NavigationType.Pop);
  const changed = (action: NavigationType) => {
    snapshot = read(action);
    for (const listener of [...listeners]) listener();
  };
  const onPop = () => changed(NavigationType.Pop);
  const write = (method: 'pushState' | 'replaceState', to: PathParts, state: unknown) => {
    const entry: EntryState = { hearthKey: newKey(), state: state ?? null };
    win.history[method](entry, '', createPath(to));
  };
  return {
    current: () => snapshot,
    listen(listener) {
      if (listeners.size === 0) win.addEventListener('popstate', onPop);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) win.removeEventListener('popstate', onPop);
      };
    },
    push(to, state) {
      write('pushState', to, state);
      changed(NavigationType.Push);
    },
    replace(to, state) {
      write('replaceState', to, state);
      changed(NavigationType.Replace);
    },
  };
}

/** A history held in memory (tests): the entries given, the last one current. */
export function createMemoryHistory(initialEntries: readonly string[] = ['/']): RouterHistory {
  const listeners = new Set<() => void>();
  const entries: Location[] = (initialEntries.length > 0 ? initialEntries : ['/']).map((url) => ({
    ...parsePath(url),
    state: null,
    key: newKey(),
  }));
  let index = entries.length - 1;
  let snapshot: HistorySnapshot = { action: NavigationType.Pop, location: entries[index]! };
  const changed = (action: NavigationType) => {
    snapshot = { action, location: entries[index]! };
    for (const listener of [...listeners]) listener();
  };
  return {
    current: () => snapshot,
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    push(to, state) {
      entries.splice(index + 1, entries.length, { ...to, state: state ?? null, key: newKey() });
      index += 1;
      changed(NavigationType.Push);
    },
    replace(to, state) {
      entries[index] = { ...to, state: state ?? null, key: newKey() };
      changed(NavigationType.Replace);
    },
  };
}
