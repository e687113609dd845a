// Definitions that ship with Hearth (apps/core/definitions/), as file:// URLs for loadGenericDefinition.

/** flying-squid: a Minecraft server written in Node (apps/core/definitions/flying-squid). */
export const FLYING_SQUID_DEFINITION_URL = new URL(
  '../../../definitions/flying-squid/definition.ts',
  import.meta.url,
).href;
