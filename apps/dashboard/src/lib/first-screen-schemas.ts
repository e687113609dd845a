import { z } from 'zod/mini';
import { InstanceInfoSchema } from '@hearth/protocol';

// The schemas of what the first screen fetches (who is signed in, the core, its instances, its
// warnings, the global settings, two-factor status). The entry reaches them only through
// `firstScreenParser` (first-screen-parsers.ts), a dynamic import that loads while those first
// requests are in flight, so zod and these schemas are not part of the first load.

export {
  CoreInfoSchema,
  GlobalSettingsDataSchema,
  PublicUserSchema,
  TwoFactorStatusSchema,
} from '@hearth/protocol';

/** GET /instance/list */
export const InstanceListSchema = z.array(InstanceInfoSchema);

/** GET /system/warnings */
export const WarningsSchema = z.array(z.string());
