import { describe, expect, it } from 'vitest';
import { matchRoutes } from './match.ts';
import type { RouteObject } from './match.ts';

const home: RouteObject = { index: true };
const tab: RouteObject = { path: '/dashboard/:tab' };
const general: RouteObject = { path: '/settings/general' };
const settingsTab: RouteObject = { path: '/settings/:page' };
const login: RouteObject = { path: '/login' };
const nested: RouteObject = { path: 'files/:name' };
const notFound: RouteObject = { path: '*' };
const layout: RouteObject = { children: [home, tab, settingsTab, general] };
const section: RouteObject = { path: '/area', children: [nested] };
const guard: RouteObject = { children: [layout, login, section] };
const table = [guard, notFound];

const chain = (path: string) => matchRoutes(table, path)?.map((m) => m.route) ?? null;
const params = (path: string) => matchRoutes(table, path)?.at(-1)?.params ?? null;

describe('matchRoutes', () => {
  it('matches through layouts without a path, outermost first', () => {
    expect(chain('/')).toEqual([guard, layout, home]);
    expect(chain('/login')).toEqual([guard, login]);
  });

  it('takes a parameter from its segment, decoded', () => {
    expect(chain('/dashboard/console')).toEqual([guard, layout, tab]);
    expect(params('/dashboard/console')).toEqual({ tab: 'console' });
    expect(params('/dashboard/a%20b')).toEqual({ tab: 'a b' });
  });

  it('prefers a fixed segment to a parameter, whatever the order of declaration', () => {
    expect(chain('/settings/general')).toEqual([guard, layout, general]);
    expect(chain('/settings/users')).toEqual([guard, layout, settingsTab]);
  });

  it('joins a relative child path to its parent, which matches its own path too', () => {
    expect(chain('/area/files/a.txt')).toEqual([guard, section, nested]);
    expect(chain('/area')).toEqual([guard, section]);
    expect(params('/area/files/a.txt')).toEqual({ name: 'a.txt' });
  });

  it('ignores letter case and a trailing slash', () => {
    expect(chain('/Login/')).toEqual([guard, login]);
  });

  it('leaves everything else to *, with the rest of the path', () => {
    expect(chain('/dashboard')).toEqual([notFound]);
    expect(chain('/dashboard/console/extra')).toEqual([notFound]);
    expect(params('/no/such/page')).toEqual({ '*': 'no/such/page' });
  });

  it('answers null when nothing matches', () => {
    expect(matchRoutes([login], '/elsewhere')).toBeNull();
  });
});
