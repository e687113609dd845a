import type { SetupManifest } from '@hearth/protocol';
import { setting } from '@/test/fixtures.ts';

export { setting };

/** A two-section manifest shaped like the Minecraft one. */
export function minecraftLikeManifest(): SetupManifest {
  return {
    setting_sections: {
      section_1: {
        section_id: 'section_1',
        name: 'Basic Settings',
        description: 'Basic settings for the server.',
        settings: {
          version: setting(
            'version',
            { type: 'Enum', options: ['1.20.4', '1.19.4'] },
            { name: 'Version', default_value: { type: 'Enum', value: '1.20.4' } },
          ),
          port: setting(
            'port',
            { type: 'UnsignedInteger', min: 0, max: 65535 },
            { name: 'Port', default_value: { type: 'UnsignedInteger', value: 25565 } },
          ),
        },
      },
      section_2: {
        section_id: 'section_2',
        name: 'Advanced Settings',
        description: 'Advanced settings for the server.',
        settings: {
          cmd_args: setting(
            'cmd_args',
            { type: 'String', regex: null },
            { name: 'Command Line Arguments', is_required: false },
          ),
        },
      },
    },
  };
}
