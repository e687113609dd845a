import { GENERIC_PORT_SETTING_ID, GENERIC_SECTION_ID } from '@hearth/protocol';
import type { SectionManifest } from '@hearth/protocol';

/**
 * Hearth's own section of a generic instance's settings (not the definition's): its port. The
 * dashboard words it in the reader's language by its ids; its English there is word for word the
 * one below (apps/dashboard/src/features/instances/hearth-sections.test.ts builds it to compare).
 */
export function genericSection(port: number): SectionManifest {
  return {
    section_id: GENERIC_SECTION_ID,
    name: 'Instance Settings',
    description: 'Settings Hearth keeps for this instance. Changes apply on the next start.',
    settings: {
      [GENERIC_PORT_SETTING_ID]: {
        setting_id: GENERIC_PORT_SETTING_ID,
        name: 'Port',
        description: 'The port the server listens on (passed to the definition at start).',
        value: { type: 'UnsignedInteger', value: port },
        value_type: { type: 'UnsignedInteger', min: 1, max: 65535 },
        default_value: null,
        is_secret: false,
        is_required: true,
        is_mutable: true,
      },
    },
  };
}
