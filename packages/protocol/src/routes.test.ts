import { describe, expect, it } from 'vitest';
import { emptyLogFilter } from './event-log-filter.ts';
import { apiPaths } from './paths.ts';
import { apiRoutes, routePatternRegExp } from './routes.ts';

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
    const built = (build as (...args: unknown[]) => string)(...sample(name, build.length));
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
});
