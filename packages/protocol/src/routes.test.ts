import { describe, expect, it } from 'vitest';
import { emptyLogFilter } from './event-log-filter.ts';
import { apiPaths } from './paths.ts';
import { apiRoutes, findRoute, routePath, routePatternRegExp } from './routes.ts';

// Arguments that exercise every builder: uuids, names, base64url paths, numbers and queries.
const SAMPLE_ARGS: Record<string, unknown[]> = {
  checkPort: [25565],
  openPort: [25565],
  macroKill: ['INSTANCE_x', 3],
  macroOutput: ['INSTANCE_x', 3],
  macroOutputStream: ['INSTANCE_x', 3, 'token'],
  eventsBuffer: [{}],
  eventsStream: [{}],
  eventsSearch: [{}],
  setupManifest: ['MinecraftJavaVanilla'],
  instanceCreate: ['MinecraftJavaVanilla'],
  activitySearch: [
    { ...emptyLogFilter(), text: 'a b/é' },
    { before: '1', limit: 5 },
  ],
  activityExport: [emptyLogFilter(), 'csv'],
  activityStream: [emptyLogFilter(), 'token'],
  addonSearch: ['INSTANCE_x', { text: 'sodium extra', kind: 'mod', offset: 20 }],
  addonProject: ['INSTANCE_x', 'AABBCCDD', 'datapack'],
};

function sample(name: string, arity: number): unknown[] {
  return SAMPLE_ARGS[name] ?? Array.from({ length: arity }, (_, i) => `part ${i}/é`);
}

describe('apiRoutes and apiPaths', () => {
  it('name the same routes', () => {
    expect(Object.keys(apiRoutes).sort()).toEqual(Object.keys(apiPaths).sort());
  });

  it.each(Object.entries(apiPaths))('%s builds a path its declaration matches', (name, build) => {
    const route = apiRoutes[name as keyof typeof apiRoutes];
    const arity = build.length || route.path.split('/').filter((p) => p.startsWith(':')).length;
    const built = (build as (...args: unknown[]) => string)(...sample(name, arity));
    const [pathOnly] = built.split('?');
    expect(pathOnly).toMatch(routePatternRegExp(route.path));
  });

  it('a pattern never matches a path with an extra or a missing segment', () => {
    const re = routePatternRegExp(apiRoutes.instanceStart.path);
    expect('/instance/abc/start').toMatch(re);
    expect('/instance/abc/def/start').not.toMatch(re);
    expect('/instance//start').not.toMatch(re);
  });

  it('sockets are GET upgrades', () => {
    const sockets = Object.entries(apiRoutes).filter(([, r]) => r.socket);
    expect(sockets.map(([n]) => n).sort()).toEqual([
      'activityStream',
      'consoleStream',
      'eventsStream',
      'macroOutputStream',
      'monitor',
    ]);
    for (const [, r] of sockets) expect(r.method).toBe('GET');
  });

  it('routePath fills a pattern: file paths as base64url, the rest percent-encoded', () => {
    expect(routePath('instanceStart', { uuid: 'a/b' })).toBe('/instance/a%2Fb/start');
    expect(routePath('fsMove', { uuid: 'u', source: 'a.txt', dest: 'b.txt' })).toBe(
      '/instance/u/fs/YS50eHQ/move/Yi50eHQ',
    );
    expect(routePath('macroKill', { uuid: 'u', pid: 3 })).toBe('/instance/u/macro/kill/3');
    expect(routePath('info', {})).toBe('/info');
  });

  it('findRoute names the declaration of a request, preferring fixed segments', () => {
    expect(findRoute('PUT', '/instance/u/start')).toBe('instanceStart');
    expect(findRoute('GET', '/user/info')).toBe('userInfo');
    expect(findRoute('GET', '/user/USER_1')).toBe('user');
    expect(findRoute('DELETE', '/user/USER_1')).toBe('userDelete');
    expect(findRoute('POST', '/instance/u/start')).toBeNull();
    expect(findRoute('GET', '/no/such/route')).toBeNull();
  });

  it('the public table has no test-only route', () => {
    expect(Object.keys(apiRoutes).filter((n) => n.toLowerCase().includes('test'))).toEqual([
      'webhookTest',
    ]);
  });
});
