import { lazyParser } from './api-client.ts';
import type { LazyParser, Parser } from './api-client.ts';

type FirstScreenSchemas = typeof import('./first-screen-schemas.ts');

/** A first-screen call's parser, picked from first-screen-schemas.ts once that module has loaded. */
export function firstScreenParser<T>(
  pick: (schemas: FirstScreenSchemas) => Parser<T>,
): LazyParser<T> {
  return lazyParser(() => import('./first-screen-schemas.ts').then(pick));
}
