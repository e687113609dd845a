import { describe, expect, it } from 'vitest';
import { SettingManifestSchema, type SettingManifest } from '@hearth/protocol';
import { ConfigDeclarationError, parseConfigDeclaration } from './config-declaration.ts';

const wrap = (body: string, decl = 'declare const config: LodestoneConfig;') =>
  `import { x } from 'hearth:macro';\nclass LodestoneConfig {\n${body}\n}\n${decl}\nconsole.log(config);\n`;

const setting = (over: Partial<SettingManifest> & Pick<SettingManifest, 'name'>) =>
  ({
    setting_id: `config|${over.name}`,
    description: '',
    value: null,
    default_value: null,
    is_secret: false,
    is_required: true,
    is_mutable: true,
    ...over,
  }) as SettingManifest;

const cases: { what: string; source: string; expected: Record<string, SettingManifest> }[] = [
  {
    what: 'a string field with a default',
    source: wrap(`  backupFolder: string = 'backups';`),
    expected: {
      backupFolder: setting({
        name: 'backupFolder',
        value: { type: 'String', value: 'backups' },
        default_value: { type: 'String', value: 'backups' },
        value_type: { type: 'String', regex: null },
      }),
    },
  },
  {
    what: 'a double-quoted string keeps spaces, escapes and semicolons',
    source: wrap(`  motd: string = "hello; \\"world\\"";`),
    expected: {
      motd: setting({
        name: 'motd',
        value: { type: 'String', value: 'hello; "world"' },
        default_value: { type: 'String', value: 'hello; "world"' },
        value_type: { type: 'String', regex: null },
      }),
    },
  },
  {
    what: 'boolean and number (Float) fields',
    source: wrap(
      `  enabled: boolean = false;\n  delaySec: number = 3600;\n  ratio: number = -0.5;`,
    ),
    expected: {
      enabled: setting({
        name: 'enabled',
        value: { type: 'Boolean', value: false },
        default_value: { type: 'Boolean', value: false },
        value_type: { type: 'Boolean' },
      }),
      delaySec: setting({
        name: 'delaySec',
        value: { type: 'Float', value: 3600 },
        default_value: { type: 'Float', value: 3600 },
        value_type: { type: 'Float', min: null, max: null },
      }),
      ratio: setting({
        name: 'ratio',
        value: { type: 'Float', value: -0.5 },
        default_value: { type: 'Float', value: -0.5 },
        value_type: { type: 'Float', min: null, max: null },
      }),
    },
  },
  {
    what: 'a string-literal union becomes an Enum',
    source: wrap(`  mode: 'survival' | "creative" | 'adventure' = 'creative';`),
    expected: {
      mode: setting({
        name: 'mode',
        value: { type: 'Enum', value: 'creative' },
        default_value: { type: 'Enum', value: 'creative' },
        value_type: { type: 'Enum', options: ['survival', 'creative', 'adventure'] },
      }),
    },
  },
  {
    what: 'optional fields have no value and are not required',
    source: wrap(`  webhook?: string;\n  level?: 'low' | 'high';`),
    expected: {
      webhook: setting({
        name: 'webhook',
        is_required: false,
        value_type: { type: 'String', regex: null },
      }),
      level: setting({
        name: 'level',
        is_required: false,
        value_type: { type: 'Enum', options: ['low', 'high'] },
      }),
    },
  },
  {
    what: 'comment lines right above a field are its description (line and block comments)',
    source: wrap(
      [
        '  // Where to store the backups',
        '  // relative to the instance path',
        "  folder: string = 'backups';",
        '',
        '  /**',
        '   * How long to wait',
        '   * between backups',
        '   */',
        '  delay: number = 60;',
        '  /* one-liner */ ',
        '  quiet: boolean = true;',
        '  bare: boolean = true;',
      ].join('\n'),
    ),
    expected: {
      folder: setting({
        name: 'folder',
        description: 'Where to store the backups relative to the instance path',
        value: { type: 'String', value: 'backups' },
        default_value: { type: 'String', value: 'backups' },
        value_type: { type: 'String', regex: null },
      }),
      delay: setting({
        name: 'delay',
        description: 'How long to wait between backups',
        value: { type: 'Float', value: 60 },
        default_value: { type: 'Float', value: 60 },
        value_type: { type: 'Float', min: null, max: null },
      }),
      quiet: setting({
        name: 'quiet',
        description: 'one-liner',
        value: { type: 'Boolean', value: true },
        default_value: { type: 'Boolean', value: true },
        value_type: { type: 'Boolean' },
      }),
      bare: setting({
        name: 'bare',
        value: { type: 'Boolean', value: true },
        default_value: { type: 'Boolean', value: true },
        value_type: { type: 'Boolean' },
      }),
    },
  },
  {
    what: 'the variable name comes from the declaration (let, var, without declare)',
    source: wrap(`  n: number = 1;`, 'let settings: LodestoneConfig;'),
    expected: {
      n: setting({
        name: 'n',
        setting_id: 'settings|n',
        value: { type: 'Float', value: 1 },
        default_value: { type: 'Float', value: 1 },
        value_type: { type: 'Float', min: null, max: null },
      }),
    },
  },
  {
    what: 'a field spread over two lines',
    source: wrap(`  greeting: string =\n    'Welcome';`),
    expected: {
      greeting: setting({
        name: 'greeting',
        value: { type: 'String', value: 'Welcome' },
        default_value: { type: 'String', value: 'Welcome' },
        value_type: { type: 'String', regex: null },
      }),
    },
  },
  { what: 'an empty class', source: wrap(''), expected: {} },
];

describe('parseConfigDeclaration', () => {
  it('returns null for a macro without LodestoneConfig', () => {
    expect(parseConfigDeclaration('console.log("hello");')).toBeNull();
  });

  for (const c of cases) {
    it(c.what, () => {
      const parsed = parseConfigDeclaration(c.source);
      expect(parsed?.settings).toEqual(c.expected);
      expect(Object.keys(parsed!.settings)).toEqual(Object.keys(c.expected));
      for (const s of Object.values(parsed!.settings)) SettingManifestSchema.parse(s);
    });
  }

  const errors: { what: string; source: string; message: RegExp }[] = [
    {
      what: 'a required field without a default',
      source: wrap('  id: string;'),
      message: /id is not optional and thus must have a default value/,
    },
    {
      what: 'a default of the wrong type',
      source: wrap(`  id: number = 'x';`),
      message: /Cannot parse "'x'" to a number/,
    },
    {
      what: 'a boolean default that is not true or false',
      source: wrap(`  on: boolean = 1;`),
      message: /to a bool/,
    },
    {
      what: 'an enum default outside its options',
      source: wrap(`  mode: 'a' | 'b' = 'c';`),
      message: /not one of the options/,
    },
    {
      what: 'an unsupported type',
      source: wrap(`  count: bigint = 1;`),
      message: /cannot parse type "bigint"/,
    },
    {
      what: 'a union that is not all string literals',
      source: wrap(`  mode: 'a' | number = 'a';`),
      message: /cannot parse type/,
    },
    {
      what: 'a missing declaration',
      source: `class LodestoneConfig {\n  id: string = 'x';\n}\n`,
      message: /cannot find config declaration/,
    },
    {
      what: 'a declaration without the class',
      source: `declare let config: LodestoneConfig;\n`,
      message: /Class definition or config declaration is missing/,
    },
    {
      what: 'an unclosed class',
      source: `class LodestoneConfig {\n  id: string = 'x';\n`,
      message: /not closed/,
    },
    {
      what: 'a field without a semicolon',
      source: wrap(`  id: string = 'x'`),
      message: /Missing ";"/,
    },
    {
      what: 'a method in the class',
      source: wrap(`  run() { return 1; }`),
      message: /Cannot parse the config field/,
    },
    {
      what: 'a field declared twice',
      source: wrap(`  a: number = 1;\n  a: number = 2;`),
      message: /declared twice/,
    },
    {
      what: 'an unterminated string',
      source: wrap(`  a: string = 'oops;\n`),
      message: /Unterminated string/,
    },
  ];

  for (const e of errors) {
    it(`refuses ${e.what}`, () => {
      expect(() => parseConfigDeclaration(e.source)).toThrow(ConfigDeclarationError);
      expect(() => parseConfigDeclaration(e.source)).toThrow(e.message);
    });
  }
});
