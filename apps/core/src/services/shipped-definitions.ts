import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import type { ShippedDefinition } from '@hearth/protocol';
import type { Logger } from '../lib/logger.ts';
import { corePath } from '../lib/core-paths.ts';

/** apps/core/definitions: one folder per shipped game, each with definition.ts and catalog.json. */
export const SHIPPED_DEFINITIONS_DIR = corePath('definitions');

const CatalogSchema = z.object({
  game_name: z.string().min(1),
  game_display_name: z.string().min(1),
  description: z.string(),
});

/**
 * The generic game definitions that ship with Hearth (`GET /games/definitions`), read from their
 * folders' `catalog.json` once — describing a definition would mean bundling and running it, which
 * the wizard must not wait for. A test checks each catalog against what its definition reports.
 */
export class ShippedDefinitions {
  #list: ShippedDefinition[] | null = null;

  constructor(
    private readonly log: Logger,
    private readonly dir = SHIPPED_DEFINITIONS_DIR,
  ) {}

  list(): ShippedDefinition[] {
    this.#list ??= this.#read();
    return this.#list;
  }

  #read(): ShippedDefinition[] {
    let folders: string[];
    try {
      folders = fs.readdirSync(this.dir).sort();
    } catch (err) {
      this.log.warn({ err, dir: this.dir }, 'no shipped game definitions');
      return [];
    }
    const out: ShippedDefinition[] = [];
    for (const folder of folders) {
      const definition = path.join(this.dir, folder, 'definition.ts');
      const catalog = path.join(this.dir, folder, 'catalog.json');
      if (!fs.existsSync(definition) || !fs.existsSync(catalog)) continue;
      try {
        const entry = CatalogSchema.parse(JSON.parse(fs.readFileSync(catalog, 'utf8')));
        out.push({ url: pathToFileURL(definition).href, ...entry });
      } catch (err) {
        this.log.warn({ err, catalog }, 'skipping a shipped definition whose catalog is invalid');
      }
    }
    return out;
  }
}
