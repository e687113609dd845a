import { describe, expect, it } from 'vitest';
import { apiRoutes } from '@hearth/protocol';
import { SDK_ROUTES } from './sdk-routes.ts';

describe('SDK_ROUTES', () => {
  it('names exactly the macroSdk routes the core declares, as POSTs', () => {
    const declared = Object.entries(apiRoutes).filter(([name]) => name.startsWith('macroSdk'));
    expect(declared.map(([, r]) => `${r.method} ${r.path}`).sort()).toEqual(
      Object.values(SDK_ROUTES)
        .map((p) => `POST ${p}`)
        .sort(),
    );
  });
});
