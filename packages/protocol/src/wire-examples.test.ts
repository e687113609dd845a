// Every JSON example of core-api.md §2 and Appendix B goes through its schema and must come back
// byte-identical (same keys, same key order). JSON.stringify cannot print Rust's `10.0`, so the
// canonical text is the example re-stringified by JSON itself; everything else is exact.
import { describe, expect, it } from 'vitest';
import {
  CausedBySchema,
  ClientErrorSchema,
  ClientEventSchema,
  ClientFileSchema,
  ConfigurableManifestSchema,
  ConfigurableValueSchema,
  ConfigurableValueTypeSchema,
  CopyInstanceFileRequestSchema,
  CoreInfoSchema,
  DotLodestoneConfigSchema,
  EventInnerSchema,
  EventQuerySchema,
  ExitStatusSchema,
  GameSchema,
  GameTypeSchema,
  GetConfigResponseSchema,
  GlobalSettingsDataSchema,
  HandlerGameTypeSchema,
  HistoryEntrySchema,
  InstanceInfoSchema,
  InstanceStateSchema,
  LoginReplySchema,
  MacroEntrySchema,
  MinecraftVariantSchema,
  PerformanceReportSchema,
  PlayerSchema,
  PlayitSignupDataSchema,
  PlayitTunnelInfoSchema,
  PlayitTunnelParamsSchema,
  PortStatusSchema,
  ProgressionEndValueSchema,
  ProgressionStartValueSchema,
  PublicUserSchema,
  SectionManifestSchema,
  SettingManifestSchema,
  SetupManifestSchema,
  SetupValueSchema,
  SystemCpuSchema,
  SystemDiskSchema,
  SystemRamSchema,
  TaskEntrySchema,
  UnzipOptionSchema,
  UserPermissionSchema,
  ZipRequestSchema,
  deriveEventLevel,
} from './index.ts';

/** Parses the example text, runs it through the schema, and compares the serialised output. */
function expectRoundTrip(schema: { parse(data: unknown): unknown }, text: string): void {
  const example: unknown = JSON.parse(text);
  expect(JSON.stringify(schema.parse(example))).toBe(JSON.stringify(example));
}

const INSTANCE = 'INSTANCE_1b4e28ba-2fa1-11d2-883f-0016d3cca427';
const USER = 'USER_9c5b94b1-35ad-49bb-b118-8e8fc24abf80';

// §2.11, with one instance granted so the array branch is exercised, and Hearth's one key last.
const PERMISSIONS = `{
  "can_view_instance": ["INSTANCE_…"],
  "can_start_instance": [],
  "can_stop_instance": [],
  "can_access_instance_console": [],
  "can_access_instance_setting": [],
  "can_read_instance_resource": [],
  "can_write_instance_resource": [],
  "can_access_instance_macro": [],
  "can_read_instance_file": [],
  "can_write_instance_file": [],
  "can_create_instance": false,
  "can_delete_instance": false,
  "can_read_global_file": false,
  "can_write_global_file": false,
  "can_manage_permission": false,
  "can_install_extension": false,
  "can_manage_instance_players": []
}`;

// §2.6 fields after `uuid`, verbatim; reused for the flattened ProgressionEnd InstanceCreation.
const INSTANCE_INFO_FIELDS = `
  "name": "My Server",
  "game_type": {"type":"MinecraftJava","variant":{"type":"Paper"}},
  "description": "",
  "version": "1.20.4",
  "port": 25565,
  "creation_time": 1718900000,
  "path": "/home/u/.lodestone/instances/My Server-1b4e28ba",
  "auto_start": false,
  "restart_on_crash": false,
  "state": "Stopped",
  "player_count": 0,
  "max_player_count": 20,
  "player_list": []`;
const INSTANCE_INFO = `{ "uuid": "${INSTANCE}",${INSTANCE_INFO_FIELDS} }`;

const CAUSED_BY_USER = `{ "type": "User", "user_id": "USER_…", "user_name": "alice" }`;

/** A full envelope around an inner event, in wire key order. */
function envelope(inner: string, level: string, details = '', causedBy = CAUSED_BY_USER): string {
  return `{"event_inner":${inner},"details":${JSON.stringify(details)},"snowflake":"215458041036935168","level":"${level}","caused_by":${causedBy}}`;
}

/** Round-trips the inner event alone and inside an envelope; the level must be the derived one. */
function expectEvent(inner: string, level: 'Info' | 'Warning' | 'Error'): void {
  expectRoundTrip(EventInnerSchema, inner);
  expectRoundTrip(ClientEventSchema, envelope(inner, level));
  expect(deriveEventLevel(EventInnerSchema.parse(JSON.parse(inner)))).toBe(level);
}

describe('§2.3 event envelope and CausedBy', () => {
  it('keeps the envelope key order event_inner, details, snowflake, level, caused_by', () => {
    const text = `{
      "event_inner": { "type": "InstanceEvent", "instance_uuid": "INSTANCE_…", "instance_name": "My Server",
                       "instance_event_inner": { "type": "StateTransition", "to": "Running" } },
      "details": "Starting server",
      "snowflake": "215458041036935168",
      "level": "Info",
      "caused_by": ${CAUSED_BY_USER}
    }`;
    expectRoundTrip(ClientEventSchema, text);
    expect(Object.keys(ClientEventSchema.parse(JSON.parse(text)))).toEqual([
      'event_inner',
      'details',
      'snowflake',
      'level',
      'caused_by',
    ]);
  });

  it('reorders an envelope that arrives in another key order into the wire order', () => {
    const scrambled = {
      caused_by: { type: 'System' },
      level: 'Info',
      snowflake: '215458041036935168',
      details: '',
      event_inner: {
        type: 'PlayitggRunnerEvent',
        playitgg_runner_event_inner: { type: 'RunnerStarted' },
      },
    };
    expect(JSON.stringify(ClientEventSchema.parse(scrambled))).toBe(
      envelope(
        '{"type":"PlayitggRunnerEvent","playitgg_runner_event_inner":{"type":"RunnerStarted"}}',
        'Info',
        '',
        '{"type":"System"}',
      ),
    );
  });

  it('drops the stale snowflake_str binding field instead of echoing it', () => {
    const event = JSON.parse(
      envelope(
        '{"type":"PlayitggRunnerEvent","playitgg_runner_event_inner":{"type":"RunnerStopped"}}',
        'Info',
      ),
    ) as Record<string, unknown>;
    const parsed = ClientEventSchema.parse({ ...event, snowflake_str: 'x' });
    expect(parsed).not.toHaveProperty('snowflake_str');
  });

  it.each([
    `{"type":"User","user_id":"USER_…","user_name":"alice"}`,
    `{"type":"Instance","instance_uuid":"INSTANCE_…"}`,
    `{"type":"Macro","macro_pid":3}`,
    `{"type":"System"}`,
    `{"type":"Unknown"}`,
  ])('CausedBy %s', (text) => {
    expectRoundTrip(CausedBySchema, text);
    expectRoundTrip(
      ClientEventSchema,
      envelope(
        '{"type":"UserEvent","user_id":"USER_…","user_event_inner":{"type":"UserCreated"}}',
        'Info',
        '',
        text,
      ),
    );
  });
});

describe('§2.4.1 InstanceEvent, every instance_event_inner', () => {
  const wrap = (inner: string) =>
    `{"type":"InstanceEvent","instance_uuid":"INSTANCE_…","instance_name":"My Server","instance_event_inner":${inner}}`;

  it('the spec example (StateTransition to Running)', () => {
    expectEvent(
      `{
        "type": "InstanceEvent",
        "instance_uuid": "INSTANCE_…",
        "instance_name": "My Server",
        "instance_event_inner": { "type": "StateTransition", "to": "Running" }
      }`,
      'Info',
    );
  });

  it.each(['Starting', 'Running', 'Stopping', 'Stopped', 'Error'])(
    'StateTransition to %s',
    (state) => {
      expectEvent(wrap(`{"type":"StateTransition","to":"${state}"}`), 'Info');
    },
  );

  it.each([
    ['InstanceWarning', 'Warning'],
    ['InstanceError', 'Error'],
    ['InstanceInput', 'Info'],
    ['InstanceOutput', 'Info'],
    ['SystemMessage', 'Info'],
  ] as const)('%s carries message and is level %s', (type, level) => {
    expectEvent(
      wrap(`{"type":"${type}","message":"[12:00:01] [Server thread/INFO]: hi\\r\\n"}`),
      level,
    );
  });

  it('PlayerChange with both player kinds', () => {
    const steve =
      '{"type":"MinecraftPlayer","name":"Steve","uuid":"069a79f444e94726a5befca90e38aaf5"}';
    const offline = '{"type":"MinecraftPlayer","name":"Notch","uuid":null}';
    const alex = '{"type":"GenericPlayer","id":"p1","name":"Alex"}';
    expectEvent(
      wrap(
        `{"type":"PlayerChange","player_list":[${steve},${alex}],"players_joined":[${alex}],"players_left":[${offline}]}`,
      ),
      'Info',
    );
  });

  it('PlayerMessage', () => {
    expectEvent(wrap('{"type":"PlayerMessage","player":"Steve","player_message":"hello"}'), 'Info');
  });
});

describe('§2.4.2 UserEvent, every kind', () => {
  it.each([
    '{"type":"UserCreated"}',
    '{"type":"UserDeleted"}',
    '{"type":"UserLoggedIn"}',
    '{"type":"UserLoggedOut"}',
    '{"type":"UsernameChanged","new_username":"bob"}',
    `{"type":"PermissionChanged","new_permissions":${PERMISSIONS}}`,
  ])('%s', (inner) => {
    expectEvent(`{"type":"UserEvent","user_id":"USER_…","user_event_inner":${inner}}`, 'Info');
  });

  it('the spec example', () => {
    expectEvent(
      '{"type":"UserEvent","user_id":"USER_…","user_event_inner":{"type":"UserCreated"}}',
      'Info',
    );
  });
});

describe('§2.4.3 MacroEvent and ExitStatus', () => {
  it('the spec example (Stopped with Success)', () => {
    expectEvent(
      `{
        "type": "MacroEvent",
        "instance_uuid": "INSTANCE_…",
        "macro_pid": 3,
        "macro_event_inner": { "type": "Stopped", "exit_status": { "type": "Success", "time": 1718900000 } }
      }`,
      'Info',
    );
  });

  it.each([
    ['{"type":"Success","time":1718900000}', 'Info'],
    ['{"type":"Killed","time":1718900000}', 'Error'],
    ['{"type":"Error","time":1718900000,"error_msg":"Uncaught TypeError: …"}', 'Error'],
  ] as const)('Stopped with exit status %s is %s', (status, level) => {
    expectRoundTrip(ExitStatusSchema, status);
    expectEvent(
      `{"type":"MacroEvent","instance_uuid":"INSTANCE_…","macro_pid":3,"macro_event_inner":{"type":"Stopped","exit_status":${status}}}`,
      level,
    );
  });

  it('Started, and Detach with a null instance_uuid', () => {
    expectEvent(
      '{"type":"MacroEvent","instance_uuid":"INSTANCE_…","macro_pid":0,"macro_event_inner":{"type":"Started"}}',
      'Info',
    );
    expectEvent(
      '{"type":"MacroEvent","instance_uuid":null,"macro_pid":7,"macro_event_inner":{"type":"Detach"}}',
      'Info',
    );
  });
});

describe('§2.4.4 ProgressionEvent', () => {
  const wrap = (inner: string) =>
    `{"type":"ProgressionEvent","event_id":"215458041036935168","progression_event_inner":${inner}}`;

  it('the spec example (start, float total, null inner)', () => {
    expectEvent(
      `{
        "type": "ProgressionEvent",
        "event_id": "215458041036935168",
        "progression_event_inner": { "type": "ProgressionStart", "progression_name": "Uploading files", "total": 1048576.0, "inner": null }
      }`,
      'Info',
    );
  });

  it.each([
    `{"type":"InstanceCreation","instance_uuid":"INSTANCE_…"}`,
    `{"type":"InstanceDelete","instance_uuid":"INSTANCE_…"}`,
  ])('ProgressionStart with inner %s', (value) => {
    expectRoundTrip(ProgressionStartValueSchema, value);
    expectEvent(
      wrap(
        `{"type":"ProgressionStart","progression_name":"Setting up","total":10.0,"inner":${value}}`,
      ),
      'Info',
    );
  });

  it('ProgressionStart with a null total', () => {
    expectEvent(
      wrap('{"type":"ProgressionStart","progression_name":"Zipping","total":null,"inner":null}'),
      'Info',
    );
  });

  it('ProgressionUpdate', () => {
    expectEvent(
      wrap(
        '{"type":"ProgressionUpdate","progress_message":"1/4: Creating directories","progress":1.0}',
      ),
      'Info',
    );
  });

  it('ProgressionEnd InstanceCreation flattens every InstanceInfo field next to type', () => {
    const value = `{"type":"InstanceCreation","uuid":"${INSTANCE}",${INSTANCE_INFO_FIELDS}}`;
    expectRoundTrip(ProgressionEndValueSchema, value);
    expectEvent(
      wrap(
        `{"type":"ProgressionEnd","success":true,"message":"Instance created","inner":${value}}`,
      ),
      'Info',
    );
    const keys = Object.keys(ProgressionEndValueSchema.parse(JSON.parse(value)));
    expect(keys).toEqual([
      'type',
      ...Object.keys(InstanceInfoSchema.parse(JSON.parse(INSTANCE_INFO))),
    ]);
  });

  it.each([
    `{"type":"InstanceDelete","instance_uuid":"INSTANCE_…"}`,
    `{"type":"FSOperationCompleted","instance_uuid":"INSTANCE_…","success":true,"message":"Zipped world"}`,
  ])('ProgressionEnd with inner %s', (value) => {
    expectRoundTrip(ProgressionEndValueSchema, value);
    expectEvent(
      wrap(`{"type":"ProgressionEnd","success":true,"message":null,"inner":${value}}`),
      'Info',
    );
  });

  it('a failed ProgressionEnd is an Error', () => {
    expectEvent(
      wrap('{"type":"ProgressionEnd","success":false,"message":"Download failed","inner":null}'),
      'Error',
    );
  });

  it('a ProgressionEnd InstanceCreation missing an InstanceInfo field is rejected', () => {
    const value = JSON.parse(
      `{"type":"InstanceCreation","uuid":"${INSTANCE}",${INSTANCE_INFO_FIELDS}}`,
    ) as Record<string, unknown>;
    delete value.port;
    expect(ProgressionEndValueSchema.safeParse(value).success).toBe(false);
  });
});

describe('§2.4.5 FSEvent', () => {
  it('the two spec examples', () => {
    expectEvent(
      '{"type":"FSEvent","operation":"Read","target":{"type":"Directory","path":"/home/u/.lodestone/instances/My Server-1b4e28ba"}}',
      'Info',
    );
    expectEvent(
      '{"type":"FSEvent","operation":{"Move":{"source":"/abs/old.txt"}},"target":{"type":"File","path":"/abs/old.txt"}}',
      'Info',
    );
  });

  it.each(['Read', 'Write', 'Create', 'Delete', 'Upload', 'Download'])(
    'unit operation %s',
    (op) => {
      expectEvent(
        `{"type":"FSEvent","operation":"${op}","target":{"type":"File","path":"/abs/a.txt"}}`,
        'Info',
      );
    },
  );

  it('rejects an unknown operation and a Move without source', () => {
    const target = { type: 'File', path: '/a' };
    expect(EventInnerSchema.safeParse({ type: 'FSEvent', operation: 'Copy', target }).success).toBe(
      false,
    );
    expect(
      EventInnerSchema.safeParse({ type: 'FSEvent', operation: { Move: {} }, target }).success,
    ).toBe(false);
    expect(
      EventInnerSchema.safeParse({
        type: 'FSEvent',
        operation: { Move: { source: '/a' }, Read: 1 },
        target,
      }).success,
    ).toBe(false);
  });
});

describe('§2.4.6 PlayitggRunnerEvent', () => {
  it.each(['RunnerStarted', 'RunnerLoading', 'RunnerStopped'])('%s', (type) => {
    expectEvent(
      `{"type":"PlayitggRunnerEvent","playitgg_runner_event_inner":{"type":"${type}"}}`,
      'Info',
    );
  });
});

describe('§2.5 EventQuery', () => {
  const full = `{
    "event_levels": ["Info","Error"],
    "event_types": ["InstanceEvent"],
    "instance_event_types": ["StateTransition"],
    "user_event_types": null,
    "event_user_ids": null,
    "event_instance_ids": ["INSTANCE_…"],
    "bearer_token": "<jwt>",
    "time_range": {"start": 1718000000000, "end": 1718900000000}
  }`;

  it('the full spec example', () => {
    expectRoundTrip(EventQuerySchema, full);
  });

  it('an empty object means every field null, in §2.5 key order', () => {
    expect(JSON.stringify(EventQuerySchema.parse({}))).toBe(
      '{"event_levels":null,"event_types":null,"instance_event_types":null,"user_event_types":null,"event_user_ids":null,"event_instance_ids":null,"bearer_token":null,"time_range":null}',
    );
  });

  it('the Appendix B all-null filter (sent bearer_token first) parses to the same value', () => {
    const text =
      '{"bearer_token":null,"event_levels":null,"event_types":null,"instance_event_types":null,"user_event_types":null,"event_user_ids":null,"event_instance_ids":null,"time_range":null}';
    expect(EventQuerySchema.parse(JSON.parse(text))).toEqual(JSON.parse(text));
    expect(EventQuerySchema.parse(JSON.parse(text))).toEqual(EventQuerySchema.parse({}));
  });

  it('every user and instance event kind is accepted as a filter value', () => {
    const query = {
      instance_event_types: [
        'StateTransition',
        'InstanceWarning',
        'InstanceError',
        'InstanceInput',
        'InstanceOutput',
        'SystemMessage',
        'PlayerChange',
        'PlayerMessage',
      ],
      user_event_types: [
        'UserCreated',
        'UserDeleted',
        'UserLoggedIn',
        'UserLoggedOut',
        'UsernameChanged',
        'PermissionChanged',
      ],
      event_types: [
        'InstanceEvent',
        'UserEvent',
        'MacroEvent',
        'FSEvent',
        'ProgressionEvent',
        'PlayitggRunnerEvent',
      ],
    };
    expect(EventQuerySchema.parse(query)).toMatchObject(query);
  });

  it('rejects unknown levels, kinds and a half time range', () => {
    expect(EventQuerySchema.safeParse({ event_levels: ['Debug'] }).success).toBe(false);
    expect(EventQuerySchema.safeParse({ event_types: ['ConsoleEvent'] }).success).toBe(false);
    expect(EventQuerySchema.safeParse({ user_event_types: ['MacroStarted'] }).success).toBe(false);
    expect(EventQuerySchema.safeParse({ time_range: { start: 1 } }).success).toBe(false);
  });
});

describe('§2.6–§2.9 instances, games, players', () => {
  it('InstanceInfo', () => {
    expectRoundTrip(InstanceInfoSchema, INSTANCE_INFO);
  });

  it('InstanceInfo with the optional capabilities null', () => {
    expectRoundTrip(
      InstanceInfoSchema,
      `{"uuid":"DOCKER-my-container",${INSTANCE_INFO_FIELDS.replace(
        '"player_count": 0',
        '"player_count": null',
      )
        .replace('"max_player_count": 20', '"max_player_count": null')
        .replace('"player_list": []', '"player_list": null')}}`,
    );
  });

  it.each([
    '{"type":"MinecraftJava","variant":{"type":"Vanilla"}}',
    '{"type":"MinecraftBedrock"}',
    '{"type":"Generic","game_name":"Generic","game_display_name":"Docker"}',
  ])('Game %s', (text) => {
    expectRoundTrip(GameSchema, text);
  });

  it.each([
    '{"type":"Vanilla"}',
    '{"type":"Forge"}',
    '{"type":"Fabric"}',
    '{"type":"Paper"}',
    '{"type":"Spigot"}',
    '{"type":"Other","name":"Purpur"}',
  ])('MinecraftVariant %s, alone and inside a Game', (text) => {
    expectRoundTrip(MinecraftVariantSchema, text);
    expectRoundTrip(GameSchema, `{"type":"MinecraftJava","variant":${text}}`);
  });

  it('GameType, HandlerGameType and InstanceState plain strings', () => {
    for (const v of ['MinecraftJava', 'MinecraftBedrock', 'Generic'])
      expectRoundTrip(GameTypeSchema, JSON.stringify(v));
    for (const v of [
      'MinecraftJavaVanilla',
      'MinecraftFabric',
      'MinecraftForge',
      'MinecraftPaper',
      'MinecraftBedrock',
    ])
      expectRoundTrip(HandlerGameTypeSchema, JSON.stringify(v));
    for (const v of ['Starting', 'Running', 'Stopping', 'Stopped', 'Error'])
      expectRoundTrip(InstanceStateSchema, JSON.stringify(v));
    expect(InstanceStateSchema.safeParse('Crashed').success).toBe(false);
    expect(HandlerGameTypeSchema.safeParse('MinecraftSpigot').success).toBe(false);
  });

  it.each([
    '{"type":"MinecraftPlayer","name":"Steve","uuid":"069a79f444e94726a5befca90e38aaf5"}',
    '{"type":"MinecraftPlayer","name":"Steve","uuid":null}',
    '{"type":"GenericPlayer","id":"p1","name":"Alex"}',
  ])('Player %s', (text) => {
    expectRoundTrip(PlayerSchema, text);
  });

  it('DotLodestoneConfig', () => {
    expectRoundTrip(
      DotLodestoneConfigSchema,
      `{"game_type":"MinecraftJava","uuid":"INSTANCE_…","creation_time":1718900000}`,
    );
  });
});

describe('§2.10 files', () => {
  it('ClientFile, and a directory with null size and times', () => {
    expectRoundTrip(
      ClientFileSchema,
      `{
        "name": "server.properties",
        "file_stem": "server",
        "extension": "properties",
        "path": "server.properties",
        "size": 1234,
        "creation_time": 1718900000,
        "modification_time": 1718900100,
        "file_type": "File"
      }`,
    );
    expectRoundTrip(
      ClientFileSchema,
      '{"name":"world","file_stem":"world","extension":null,"path":"world","size":null,"creation_time":null,"modification_time":null,"file_type":"Directory"}',
    );
    expectRoundTrip(
      ClientFileSchema,
      '{"name":"fifo","file_stem":"fifo","extension":null,"path":"fifo","size":null,"creation_time":null,"modification_time":null,"file_type":"Unknown"}',
    );
  });

  it.each(['"Normal"', '"Smart"', '"ToDirectoryWithFileName"', '{"ToDir":"<path>"}'])(
    'UnzipOption %s',
    (text) => {
      expectRoundTrip(UnzipOptionSchema, text);
    },
  );

  it('UnzipOption rejects unknown forms', () => {
    expect(UnzipOptionSchema.safeParse('ToDir').success).toBe(false);
    expect(UnzipOptionSchema.safeParse({ ToDir: 3 }).success).toBe(false);
    expect(UnzipOptionSchema.safeParse({ Normal: null }).success).toBe(false);
    expect(UnzipOptionSchema.safeParse({ type: 'Smart' }).success).toBe(false);
  });

  it('CopyInstanceFileRequest and ZipRequest', () => {
    expectRoundTrip(
      CopyInstanceFileRequestSchema,
      '{"relative_paths_source":["a.txt","world"],"relative_path_dest":"backup"}',
    );
    expectRoundTrip(
      ZipRequestSchema,
      '{"target_relative_paths":["world"],"destination_relative_path":"world.zip"}',
    );
  });
});

describe('§2.11 users and permissions', () => {
  it('UserPermission', () => {
    expectRoundTrip(UserPermissionSchema, PERMISSIONS);
  });

  it('can_install_extension defaults to false when absent, and lands in its wire position', () => {
    const input = JSON.parse(PERMISSIONS) as Record<string, unknown>;
    delete input.can_install_extension;
    expect(JSON.stringify(UserPermissionSchema.parse(input))).toBe(
      JSON.stringify(JSON.parse(PERMISSIONS)),
    );
  });

  it('can_manage_instance_players (Hearth) defaults to none when a Lodestone client leaves it out', () => {
    const input = JSON.parse(PERMISSIONS) as Record<string, unknown>;
    delete input.can_manage_instance_players;
    expect(JSON.stringify(UserPermissionSchema.parse(input))).toBe(
      JSON.stringify(JSON.parse(PERMISSIONS)),
    );
  });

  it('keeps can_install_extension true when given', () => {
    const input = {
      ...(JSON.parse(PERMISSIONS) as Record<string, unknown>),
      can_install_extension: true,
    };
    expect(UserPermissionSchema.parse(input).can_install_extension).toBe(true);
  });

  it('every other key is required', () => {
    const input = JSON.parse(PERMISSIONS) as Record<string, unknown>;
    delete input.can_manage_permission;
    expect(UserPermissionSchema.safeParse(input).success).toBe(false);
  });

  it('PublicUser', () => {
    expectRoundTrip(
      PublicUserSchema,
      `{
        "uid": "USER_…",
        "username": "alice",
        "is_owner": false,
        "is_admin": false,
        "permissions": ${PERMISSIONS}
      }`,
    );
  });

  it('LoginReply (Appendix B)', () => {
    expectRoundTrip(
      LoginReplySchema,
      `{"token":"eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzUxMiJ9.eyJ1aWQiOiJVU0VSXy4uLiIsImV4cCI6MTcyNDEwMDAwMH0.…",
        "user":{"uid":"USER_…","username":"alice","is_owner":true,"is_admin":false,"permissions":${PERMISSIONS}}}`,
    );
  });
});

describe('§2.12 and §1.3 ClientError', () => {
  it.each([
    '{"kind":"NotFound","causes":["Instance not found"]}',
    '{"kind":"Internal","causes":["Failed to read file","No such file or directory (os error 2)"]}',
    '{"kind":"Internal","causes":["Cannot stop an instance that is already stopped"]}',
    '{"kind":"Internal","causes":["Port 25565 is in use"]}',
    '{"kind":"External","causes":[]}',
  ])('%s', (text) => {
    expectRoundTrip(ClientErrorSchema, text);
  });

  it('accepts every ErrorKind and rejects others', () => {
    for (const kind of [
      'NotFound',
      'UnsupportedOperation',
      'BadRequest',
      'PermissionDenied',
      'Unauthorized',
      'External',
      'Internal',
    ])
      expect(ClientErrorSchema.safeParse({ kind, causes: [] }).success).toBe(true);
    expect(ClientErrorSchema.safeParse({ kind: 'Conflict', causes: [] }).success).toBe(false);
    expect(ClientErrorSchema.safeParse({ kind: 'notFound', causes: [] }).success).toBe(false);
    expect(ClientErrorSchema.safeParse({ kind: 'NotFound' }).success).toBe(false);
  });
});

describe('§2.13 configurable values and manifests', () => {
  it.each([
    '{"type":"String","value":"A Minecraft Server"}',
    '{"type":"Integer","value":-5}',
    '{"type":"UnsignedInteger","value":25565}',
    '{"type":"Float","value":3600.0}',
    '{"type":"Float","value":0.5}',
    '{"type":"Boolean","value":true}',
    '{"type":"Enum","value":"survival"}',
  ])('ConfigurableValue %s', (text) => {
    expectRoundTrip(ConfigurableValueSchema, text);
  });

  it('Integer is an i32 and UnsignedInteger a u32 on the wire', () => {
    for (const value of [-2147483648, 2147483647])
      expect(ConfigurableValueSchema.safeParse({ type: 'Integer', value }).success).toBe(true);
    for (const value of [-2147483649, 2147483648])
      expect(ConfigurableValueSchema.safeParse({ type: 'Integer', value }).success).toBe(false);
    expect(
      ConfigurableValueSchema.safeParse({ type: 'UnsignedInteger', value: 4294967295 }).success,
    ).toBe(true);
    expect(
      ConfigurableValueSchema.safeParse({ type: 'UnsignedInteger', value: 4294967296 }).success,
    ).toBe(false);
  });

  it('ConfigurableValue rejects a value of the wrong kind', () => {
    expect(ConfigurableValueSchema.safeParse({ type: 'Integer', value: 1.5 }).success).toBe(false);
    expect(ConfigurableValueSchema.safeParse({ type: 'UnsignedInteger', value: -1 }).success).toBe(
      false,
    );
    expect(ConfigurableValueSchema.safeParse({ type: 'Boolean', value: 'true' }).success).toBe(
      false,
    );
    expect(ConfigurableValueSchema.safeParse({ type: 'String' }).success).toBe(false);
  });

  it.each([
    '{"type":"String","regex":null}',
    '{"type":"String","regex":"^[a-z]+$"}',
    '{"type":"Integer","min":null,"max":null}',
    '{"type":"UnsignedInteger","min":0,"max":65535}',
    '{"type":"Float","min":null,"max":null}',
    '{"type":"Boolean"}',
    '{"type":"Enum","options":["survival","creative","adventure","spectator"]}',
  ])('ConfigurableValueType %s', (text) => {
    expectRoundTrip(ConfigurableValueTypeSchema, text);
  });

  it('ConfigurableValueType fills absent bounds and regex with null', () => {
    expect(JSON.stringify(ConfigurableValueTypeSchema.parse({ type: 'Integer' }))).toBe(
      '{"type":"Integer","min":null,"max":null}',
    );
    expect(JSON.stringify(ConfigurableValueTypeSchema.parse({ type: 'String' }))).toBe(
      '{"type":"String","regex":null}',
    );
  });

  const SETTING = `{
    "setting_id": "max-players",
    "name": "Max Players",
    "description": "The maximum number of players that can play on the server at the same time.",
    "value": {"type":"UnsignedInteger","value":20},
    "value_type": {"type":"UnsignedInteger","min":null,"max":null},
    "default_value": null,
    "is_secret": false,
    "is_required": true,
    "is_mutable": true
  }`;
  const SECTION = `{"section_id":"server_properties_section","name":"Server Properties","description":"","settings":{"max-players":${SETTING}}}`;

  it('SettingManifest, SectionManifest, SetupManifest, ConfigurableManifest', () => {
    expectRoundTrip(SettingManifestSchema, SETTING);
    expectRoundTrip(SectionManifestSchema, SECTION);
    expectRoundTrip(
      SetupManifestSchema,
      `{"setting_sections":{"server_properties_section":${SECTION}}}`,
    );
    expectRoundTrip(SetupManifestSchema, '{"setting_sections":{}}');
    expectRoundTrip(
      ConfigurableManifestSchema,
      `{"auto_start":false,"restart_on_crash":false,"setting_sections":{"server_properties_section":${SECTION}}}`,
    );
  });

  it('SettingManifest keeps the insertion order of settings and sections', () => {
    const settings = ['z-last', 'a-first', 'm-middle'];
    const section = {
      section_id: 's',
      name: 's',
      description: '',
      settings: Object.fromEntries(
        settings.map((id) => [id, { ...(JSON.parse(SETTING) as object), setting_id: id }]),
      ),
    };
    expect(Object.keys(SectionManifestSchema.parse(section).settings)).toEqual(settings);
  });

  const SETUP_VALUE = `{
    "name": "My Server",
    "description": "optional or null",
    "auto_start": false,
    "restart_on_crash": false,
    "setting_sections": {
      "section_1": {"settings": {
        "version": {"value": {"type":"Enum","value":"1.20.4"}},
        "port":    {"value": {"type":"UnsignedInteger","value":25565}}
      }},
      "section_2": {"settings": {
        "min_ram":  {"value": {"type":"UnsignedInteger","value":1024}},
        "max_ram":  {"value": {"type":"UnsignedInteger","value":2048}},
        "cmd_args": {"value": null}
      }}
    }
  }`;

  it('SetupValue (the spec example)', () => {
    expectRoundTrip(SetupValueSchema, SETUP_VALUE);
  });

  it('SetupValue fills description, auto_start and restart_on_crash when absent', () => {
    const parsed = SetupValueSchema.parse({ name: 'x', setting_sections: {} });
    expect(JSON.stringify(parsed)).toBe(
      '{"name":"x","description":null,"auto_start":false,"restart_on_crash":false,"setting_sections":{}}',
    );
  });

  it('Appendix B: a setting PUT body is a ConfigurableValue', () => {
    expectRoundTrip(ConfigurableValueSchema, '{"type":"UnsignedInteger","value":40}');
  });
});

describe('§2.14 PerformanceReport', () => {
  it('a live sample', () => {
    expectRoundTrip(
      PerformanceReportSchema,
      `{
        "memory_usage": 1073741824,
        "disk_usage": {"total_written_bytes": 123, "written_bytes": 0, "total_read_bytes": 456, "read_bytes": 0},
        "cpu_usage": 12.5,
        "start_time": 1718900000
      }`,
    );
  });

  it('all null when there is no process', () => {
    expectRoundTrip(
      PerformanceReportSchema,
      '{"memory_usage":null,"disk_usage":null,"cpu_usage":null,"start_time":null}',
    );
  });

  it('rejects a report missing a field', () => {
    expect(
      PerformanceReportSchema.safeParse({ memory_usage: null, disk_usage: null, cpu_usage: null })
        .success,
    ).toBe(false);
  });
});

describe('§2.15 macros, tasks, history', () => {
  it("MacroEntry (with Hearth's needs_config, false when absent), TaskEntry, HistoryEntry", () => {
    expectRoundTrip(
      MacroEntrySchema,
      '{"name":"auto-backup","last_run":1718900000,"path":"/abs/instance/macros/auto-backup","needs_config":true}',
    );
    expect(
      JSON.stringify(
        MacroEntrySchema.parse(
          JSON.parse(
            '{"name":"auto-backup","last_run":null,"path":"/abs/instance/macros/auto-backup"}',
          ),
        ),
      ),
    ).toBe(
      '{"name":"auto-backup","last_run":null,"path":"/abs/instance/macros/auto-backup","needs_config":false}',
    );
    expectRoundTrip(TaskEntrySchema, '{"name":"auto-backup","creation_time":1718900000,"pid":3}');
    expectRoundTrip(
      HistoryEntrySchema,
      '{"task":{"name":"auto-backup","creation_time":1718900000,"pid":3},"exit_status":{"type":"Error","time":1718900000,"error_msg":"boom"}}',
    );
  });

  const CONFIG = `{
    "backupFolderRelative": {
      "setting_id": "config|backupFolderRelative",
      "name": "backupFolderRelative",
      "description": "Where to store the backups relative to the instance path",
      "value": {"type":"String","value":"backups"},
      "value_type": {"type":"String","regex":null},
      "default_value": {"type":"String","value":"backups"},
      "is_secret": false, "is_required": true, "is_mutable": true
    }
  }`;

  it('GetConfigResponse (the spec example and the two error forms)', () => {
    expectRoundTrip(GetConfigResponseSchema, `{"config":${CONFIG},"message":null,"error":null}`);
    expectRoundTrip(
      GetConfigResponseSchema,
      `{"config":${CONFIG},"message":"Local config cache not found","error":"NotFound"}`,
    );
    expectRoundTrip(
      GetConfigResponseSchema,
      `{"config":${CONFIG},"message":"There is a mismatch between a config type and its locally-stored value","error":"Internal"}`,
    );
  });
});

describe('§2.16 playit', () => {
  it('PlayitTunnelInfo, PlayitSignupData, PlayitTunnelParams', () => {
    expectRoundTrip(
      PlayitTunnelInfoSchema,
      '{"local_ip":"127.0.0.1","local_port":25565,"tunnel_id":"<id>","name":"minecraft","server_address":"some-name.gl.joinmc.link:12345","active":true}',
    );
    expectRoundTrip(
      PlayitSignupDataSchema,
      '{"url":"https://playit.gg/claim/0123456789","claim_code":"0123456789"}',
    );
    for (const port_type of ['tcp', 'udp', 'both'])
      expectRoundTrip(PlayitTunnelParamsSchema, JSON.stringify({ local_port: 25565, port_type }));
    expect(
      PlayitTunnelParamsSchema.safeParse({ local_port: 25565, port_type: 'TCP' }).success,
    ).toBe(false);
  });
});

describe('§2.17 and §1.4.1 small types', () => {
  it('GlobalSettingsData, with playit_enabled off and modrinth_enabled on when absent', () => {
    expectRoundTrip(
      GlobalSettingsDataSchema,
      `{"core_name":"Alice's Lodestone Core","safe_mode":true,"domain":null,"playit_enabled":true,"modrinth_enabled":false}`,
    );
    expectRoundTrip(
      GlobalSettingsDataSchema,
      '{"core_name":"c","safe_mode":false,"domain":"example.com","playit_enabled":false,"modrinth_enabled":true}',
    );
    expect(
      JSON.stringify(
        GlobalSettingsDataSchema.parse({ core_name: 'c', safe_mode: true, domain: null }),
      ),
    ).toBe(
      '{"core_name":"c","safe_mode":true,"domain":null,"playit_enabled":false,"modrinth_enabled":true}',
    );
    // Hearth's own setting (issue 28) rides along and keeps its value.
    expectRoundTrip(
      GlobalSettingsDataSchema,
      '{"core_name":"c","safe_mode":false,"domain":null,"playit_enabled":false,"modrinth_enabled":true,"require_two_factor":true}',
    );
  });

  it('PortStatus', () => {
    expectRoundTrip(PortStatusSchema, '{"is_in_use":true,"is_allocated":false}');
  });

  it('CoreInfo', () => {
    expectRoundTrip(
      CoreInfoSchema,
      `{
        "version": "0.5.1",
        "is_setup": true,
        "os": "linux",
        "arch": "x86_64",
        "cpu": "AMD Ryzen 7 5800X 8-Core Processor",
        "cpu_count": 16,
        "total_ram": 33554432000,
        "total_disk": 1000204886016,
        "host_name": "myhost",
        "uuid": "6f1c…-random-v4-per-process",
        "core_name": "Alice's Lodestone Core",
        "up_since": 1718900000
      }`,
    );
  });

  it('system ram, disk and cpu', () => {
    expectRoundTrip(SystemRamSchema, '{"total":33554432000,"free":1024}');
    expectRoundTrip(SystemDiskSchema, '{"total":1000204886016,"free":5}');
    expectRoundTrip(SystemCpuSchema, '{"cpu_speed":3800,"cpu_load":12.5}');
  });
});

describe('Appendix B events', () => {
  it('the event buffer entry', () => {
    expectRoundTrip(
      ClientEventSchema,
      `{"event_inner":{"type":"InstanceEvent","instance_uuid":"INSTANCE_…","instance_name":"Survival",
        "instance_event_inner":{"type":"StateTransition","to":"Starting"}},
       "details":"Starting server","snowflake":"215458041036935168","level":"Info",
       "caused_by":{"type":"User","user_id":"USER_…","user_name":"alice"}}`,
    );
  });

  it('the console line', () => {
    expectRoundTrip(
      ClientEventSchema,
      `{"event_inner":{"type":"InstanceEvent","instance_uuid":"INSTANCE_…","instance_name":"Survival",
       "instance_event_inner":{"type":"InstanceOutput","message":"[12:00:01] [Server thread/INFO]: Done (3.21s)! For help, type \\"help\\"\\n"}},
       "details":"","snowflake":"215458045231239168","level":"Info","caused_by":{"type":"System"}}`,
    );
  });
});

describe('malformed input is rejected', () => {
  const good = JSON.parse(
    envelope(
      `{"type":"InstanceEvent","instance_uuid":"${INSTANCE}","instance_name":"S","instance_event_inner":{"type":"StateTransition","to":"Running"}}`,
      'Info',
      '',
      `{"type":"User","user_id":"${USER}","user_name":"alice"}`,
    ),
  ) as Record<string, unknown>;

  it('the base envelope is valid (so the rejections below are about the change alone)', () => {
    expect(ClientEventSchema.safeParse(good).success).toBe(true);
  });

  it('a wrong tag at each level', () => {
    const inner = good.event_inner as Record<string, unknown>;
    expect(
      ClientEventSchema.safeParse({ ...good, event_inner: { ...inner, type: 'ServerEvent' } })
        .success,
    ).toBe(false);
    expect(
      ClientEventSchema.safeParse({
        ...good,
        event_inner: { ...inner, instance_event_inner: { type: 'StateChange', to: 'Running' } },
      }).success,
    ).toBe(false);
    expect(ClientEventSchema.safeParse({ ...good, caused_by: { type: 'Admin' } }).success).toBe(
      false,
    );
    expect(ClientEventSchema.safeParse({ ...good, level: 'Debug' }).success).toBe(false);
    expect(
      ClientEventSchema.safeParse({ ...good, event_inner: { ...inner, type: 'instanceevent' } })
        .success,
    ).toBe(false);
  });

  it('a missing key', () => {
    for (const key of ['event_inner', 'details', 'snowflake', 'level', 'caused_by']) {
      const copy = { ...good };
      delete copy[key];
      expect(ClientEventSchema.safeParse(copy).success, key).toBe(false);
    }
    const inner = { ...(good.event_inner as Record<string, unknown>) };
    delete inner.instance_name;
    expect(ClientEventSchema.safeParse({ ...good, event_inner: inner }).success).toBe(false);
    expect(CausedBySchema.safeParse({ type: 'User', user_id: USER }).success).toBe(false);
    expect(CausedBySchema.safeParse({ user_id: USER, user_name: 'a' }).success).toBe(false);
  });

  it('a snowflake that is not a decimal string', () => {
    for (const snowflake of ['0x2fd7', '1e18', '12 34', '', ' 1', '1.5', 'abc', null, true, 1.5]) {
      expect(ClientEventSchema.safeParse({ ...good, snowflake }).success, String(snowflake)).toBe(
        false,
      );
    }
  });

  it('an unknown ErrorKind, also inside GetConfigResponse', () => {
    expect(ClientErrorSchema.safeParse({ kind: 'Forbidden', causes: ['x'] }).success).toBe(false);
    expect(
      GetConfigResponseSchema.safeParse({ config: {}, message: null, error: 'Oops' }).success,
    ).toBe(false);
  });

  it('an InstanceInfo with a non-integer port or an unknown state', () => {
    const info = JSON.parse(INSTANCE_INFO) as Record<string, unknown>;
    expect(InstanceInfoSchema.safeParse({ ...info, port: 25565.5 }).success).toBe(false);
    expect(InstanceInfoSchema.safeParse({ ...info, state: 'Crashed' }).success).toBe(false);
    expect(
      InstanceInfoSchema.safeParse({ ...info, game_type: { type: 'MinecraftJava' } }).success,
    ).toBe(false);
  });
});
