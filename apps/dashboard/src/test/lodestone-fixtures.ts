import type { FakeHandler, FakeRoutes } from './fake-fetch.ts';
import { TEST_CORE_HOST } from './fixtures.ts';

// Answers of a Lodestone core 0.5.1, as core-api.md records them (§1.3 conventions, §1.4 routes,
// §2 wire shapes, Appendix B) and as its handlers produce them: error bodies are JSON sent as
// text/plain, routes it does not have are axum's bare 404 with an empty body.

export const LODESTONE_INSTANCE = {
  uuid: 'INSTANCE_1b4e28ba-2fa1-11d2-883f-0016d3cca427',
  name: 'Survival',
  game_type: { type: 'MinecraftJava', variant: { type: 'Paper' } },
  description: '',
  version: '1.20.4',
  port: 25565,
  creation_time: 1718900000,
  path: '/home/u/.lodestone/instances/Survival-1b4e28ba',
  auto_start: false,
  restart_on_crash: false,
  state: 'Running',
  player_count: 0,
  max_player_count: 20,
  player_list: [],
};

/** §1.4.7: `POST /instance/create_generic` answers `Json(())`. */
export const CREATE_GENERIC_ANSWER: FakeHandler = { raw: 'null' };

/** §1.4.8 kill quirk: the process was killed, Stopped was sent, and then this. */
export const KILL_ANSWER: FakeHandler = {
  status: 500,
  raw: '{"kind":"Internal","causes":["Process not available, assuming instance is stopped"]}',
};

/** §1.4.8: killing an instance that is already stopped. */
export const KILL_STOPPED_ANSWER: FakeHandler = {
  status: 500,
  raw: '{"kind":"Internal","causes":["Instance is already stopped"]}',
};

/** A route the reference does not have: axum's fallback, no body. */
export const NO_ROUTE: FakeHandler = { status: 404, raw: '' };

/** Appendix B "Event buffer", plus events of kinds this dashboard reads, and one it cannot. */
export const EVENT_BUFFER = [
  {
    event_inner: {
      type: 'InstanceEvent',
      instance_uuid: LODESTONE_INSTANCE.uuid,
      instance_name: 'Survival',
      instance_event_inner: { type: 'StateTransition', to: 'Starting' },
    },
    details: 'Starting server',
    snowflake: '215458041036935168',
    level: 'Info',
    caused_by: { type: 'User', user_id: 'USER_1', user_name: 'alice' },
  },
  {
    // A variant this dashboard does not know (a newer core, or the Docker bridge of 0.5.1).
    event_inner: {
      type: 'DockerEvent',
      container: 'minecraft',
      docker_event_inner: { type: 'ContainerStarted' },
    },
    details: '',
    snowflake: '215458041036935169',
    level: 'Info',
    caused_by: { type: 'System' },
  },
  {
    event_inner: {
      type: 'MacroEvent',
      instance_uuid: null,
      macro_pid: 3,
      macro_event_inner: { type: 'Detach' },
    },
    details: '',
    snowflake: '215458041036935170',
    level: 'Info',
    caused_by: { type: 'System' },
  },
  {
    event_inner: {
      type: 'InstanceEvent',
      instance_uuid: LODESTONE_INSTANCE.uuid,
      instance_name: 'Survival',
      instance_event_inner: { type: 'StateTransition', to: 'Running' },
    },
    details: '',
    snowflake: '215458045231239168',
    level: 'Info',
    caused_by: { type: 'Instance', instance_uuid: LODESTONE_INSTANCE.uuid },
  },
];

/** A Lodestone core at the test host: its answers, plus whatever a test adds. */
export function lodestoneRoutes(routes: Record<string, FakeHandler> = {}): FakeRoutes {
  return {
    [TEST_CORE_HOST]: {
      'GET /events/all/buffer': { body: EVENT_BUFFER },
      'GET /games/definitions': NO_ROUTE,
      'GET /instance/list': { body: [LODESTONE_INSTANCE] },
      ...routes,
    },
  };
}
