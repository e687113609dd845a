import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiRoutes, type ApiRouteName } from '@hearth/protocol';
import { SDK_ROUTES, sdkPath } from './sdk-routes.ts';

const SDK_DIR = import.meta.dirname;

/** The SDK's own modules (what a task loads), tests excluded. */
function sdkSources(dir = SDK_DIR): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sdkSources(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

describe('SDK_ROUTES', () => {
  it.each(Object.entries(SDK_ROUTES))('%s is the route the core declares', (name, route) => {
    const declared = apiRoutes[name as ApiRouteName];
    expect(declared, `${name} is not in the protocol's route table`).toBeDefined();
    expect({ method: route.method, path: route.path }).toEqual({
      method: declared.method,
      path: declared.path,
    });
  });

  it('names every task-only route (macroSdk*)', () => {
    const sdkOnly = Object.keys(apiRoutes).filter((name) => name.startsWith('macroSdk'));
    expect(sdkOnly.every((name) => name in SDK_ROUTES)).toBe(true);
  });

  it('no SDK module writes a method or an API path of its own', () => {
    const own =
      /['"`]\/(instance|events|macro_sdk|user|fs)\b|\b(request|fetch)\(\s*['"](GET|PUT|POST|DELETE)/;
    const offenders = sdkSources()
      .filter((file) => path.basename(file) !== 'sdk-routes.ts')
      .filter((file) => own.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(SDK_DIR, file));
    expect(offenders).toEqual([]);
  });

  it('fills a pattern with encoded parameters and a query', () => {
    expect(sdkPath('instanceStart', { uuid: 'a/b' })).toBe('/instance/a%2Fb/start');
    expect(sdkPath('consoleStream', { uuid: 'u' }, { token: 'Bearer t' })).toBe(
      '/instance/u/console/stream?token=Bearer%20t',
    );
  });
});
