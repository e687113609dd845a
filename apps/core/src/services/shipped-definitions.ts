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
  /** Offered only to imports (the start-command game): left out of `GET /games/definitions`. */
  import_only: z.boolean().default(false),
  /**
   * How an imported folder is recognised as this game: a JSON file at its top (`marker`) whose keys
   * fill setup settings (`settings`: setting id → key). Read through the file sandbox, never run.
   */
  import: z
    .object({ marker: z.string().min(1), settings: z.record(z.string(), z.string()) })
    .optional(),
});
export type ShippedCatalog = z.output<typeof CatalogSchema>;

/** A shipped definition with everything its catalog says. */
export interface ShippedEntry extends ShippedCatalog {
  url: string;
}

/**
 * The generic game definitions that ship with Hearth (`GET /games/definitions`), read from their
 * folders' `catalog.json` once — describing a definition would mean bundling and running it, which
 * the wizard must not wait for. A test checks each catalog against what its definition reports.
 */
export class ShippedDefinitions {
  #all: ShippedEntry[] | null = null;

  constructor(
    private readonly log: Logger,
    private readonly dir = SHIPPED_DEFINITIONS_DIR,
  ) {}

  /** What the wizard offers (`GET /games/definitions`). */
  list(): ShippedDefinition[] {
    return this.all()
      .filter((d) => !d.import_only)
      .map(({ url, game_name, game_display_name, description }) => ({
        url,
        game_name,
        game_display_name,
        description,
      }));
  }

  /** Every shipped definition, import-only ones included, with its catalog. */
  all(): ShippedEntry[] {
    this.#all ??= this.#read();
    return this.#all;
  }

  /** The file:// URLs of every shipped definition (anyone who may load a definition may use them). */
  urls(): string[] {
    return this.all().map((d) => d.url);
  }

  #read(): ShippedEntry[] {
    let folders: string[];
    try {
      folders = fs.readdirSync(this.dir).sort();
    } catch (err) {
      this.log.warn({ err, dir: this.dir }, 'no shipped game definitions');
      return [];
    }
    const out: ShippedEntry[] = [];
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
