// A hostile generic definition: its install() runs the attacks of probes.mjs (targets come in the
// setup value "targets", a JSON string) and hands the results back as its config, so a test sees
// what definition code could do while the core runs it.
import { attackFiles, forkBomb } from './probes.mjs';

const definition = {
  game_name: 'hostile',
  game_display_name: 'Hostile',
  setupManifest: () => ({
    setting_sections: {
      main: {
        section_id: 'main',
        name: 'Main',
        description: 'What to attack',
        settings: {
          targets: {
            setting_id: 'targets',
            name: 'Targets',
            description: 'JSON',
            value: null,
            value_type: { type: 'String', regex: null },
            default_value: null,
            is_secret: false,
            is_required: true,
            is_mutable: true,
          },
        },
      },
    },
  }),
  async install(ctx) {
    const targets = JSON.parse(String(ctx.values.targets));
    const results = attackFiles(targets);
    results.push(await forkBomb(targets.forkCap ?? 0));
    return { version: '1', port: 0, max_players: null, config: { results } };
  },
  start: () => ({ command: 'true', args: [], cwd: '.' }),
  stop: { signal: 'SIGTERM' },
};
export default definition;
