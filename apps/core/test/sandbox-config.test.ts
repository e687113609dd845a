import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../src/config.ts';

describe('sandbox options', () => {
  it('default to 512 processes, 2048 MiB and the seccomp filter on; flags win over HEARTH_* variables', () => {
    const config = parseConfig([], {}, '/tmp');
    expect(config.defaultLimits).toEqual({ maxProcesses: 512, memoryMib: 2048 });
    expect(config.seccomp).toBe(true);
    const env = {
      HEARTH_DEFAULT_PROCESS_LIMIT: '256',
      HEARTH_DEFAULT_MEMORY_LIMIT: '1024',
      HEARTH_SECCOMP: 'off',
    };
    expect(parseConfig([], env, '/tmp')).toMatchObject({
      defaultLimits: { maxProcesses: 256, memoryMib: 1024 },
      seccomp: false,
    });
    expect(
      parseConfig(
        ['--default-process-limit', '0', '--default-memory-limit=0', '--seccomp', 'on'],
        env,
        '/tmp',
      ),
    ).toMatchObject({ defaultLimits: { maxProcesses: 0, memoryMib: 0 }, seccomp: true });
  });

  it('refuses limits the sandbox could not apply and unknown seccomp settings', () => {
    expect(() => parseConfig(['--default-process-limit', '4'], {}, '/tmp')).toThrow(
      /at least 8, or 0 for none/,
    );
    expect(() => parseConfig(['--default-memory-limit', '8'], {}, '/tmp')).toThrow(
      /at least 16, or 0 for none/,
    );
    expect(() => parseConfig(['--default-memory-limit', 'lots'], {}, '/tmp')).toThrow(ConfigError);
    expect(() => parseConfig([], { HEARTH_SECCOMP: 'maybe' }, '/tmp')).toThrow(
      'Invalid seccomp setting (on or off): maybe',
    );
  });
});
