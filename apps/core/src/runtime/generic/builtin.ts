import { pathToFileURL } from 'node:url';
import { corePath } from '../../lib/core-paths.ts';
// Definitions that ship with Hearth (apps/core/definitions/), as file:// URLs for loadGenericDefinition.

/** flying-squid: a Minecraft server written in Node (apps/core/definitions/flying-squid). */
export const FLYING_SQUID_DEFINITION_URL = pathToFileURL(
  corePath('definitions', 'flying-squid', 'definition.ts'),
).href;

/** The start-command game of imports Hearth does not recognise (apps/core/definitions/custom-command). */
export const CUSTOM_COMMAND_DEFINITION_URL = pathToFileURL(
  corePath('definitions', 'custom-command', 'definition.ts'),
).href;
