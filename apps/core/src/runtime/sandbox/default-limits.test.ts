import { describe, expect, it } from 'vitest';
import {
  coreDefaultLimits,
  defaultLimitWarnings,
  instanceDefaultLimits,
  javaServerMemoryBytes,
  withDefaults,
} from './default-limits.ts';
import type { LimitSupport } from './sandbox-types.ts';

const MIB = 1024 * 1024;

describe('default limits', () => {
  it('are 512 processes and 2048 MiB unless the core says otherwise; 0 turns one off', () => {
    expect(coreDefaultLimits()).toEqual({ maxProcesses: 512, memoryBytes: 2048 * MIB });
    expect(coreDefaultLimits({ maxProcesses: 64, memoryMib: 256 })).toEqual({
      maxProcesses: 64,
      memoryBytes: 256 * MIB,
    });
    expect(coreDefaultLimits({ maxProcesses: 0 })).toEqual({ memoryBytes: 2048 * MIB });
    expect(coreDefaultLimits({ maxProcesses: 0, memoryMib: 0 })).toEqual({});
  });

  it('give a Java server its max heap + 25 % + 512 MiB of memory', () => {
    expect(javaServerMemoryBytes(2048)).toBe(3072 * MIB);
    expect(javaServerMemoryBytes(1000)).toBe(1762 * MIB);
    const core = coreDefaultLimits();
    expect(instanceDefaultLimits(core, 4096)).toEqual({
      maxProcesses: 512,
      memoryBytes: 5632 * MIB,
    });
    // A generic game (no heap), a heap of 0, or no memory default at all: the core's defaults.
    expect(instanceDefaultLimits(core, null)).toEqual(core);
    expect(instanceDefaultLimits(core, 0)).toEqual(core);
    expect(instanceDefaultLimits({ maxProcesses: 512 }, 4096)).toEqual({ maxProcesses: 512 });
  });

  it("yield to the instance's own limits field by field", () => {
    expect(withDefaults({ memoryBytes: 100 * MIB, cpuPercent: 50 }, coreDefaultLimits())).toEqual({
      maxProcesses: 512,
      memoryBytes: 100 * MIB,
      cpuPercent: 50,
    });
  });

  it('are reported when the host cannot enforce them', () => {
    const support: LimitSupport = {
      backend: null,
      memory: false,
      cpu: false,
      pids: true,
      hierarchies: [],
      problems: [],
    };
    expect(defaultLimitWarnings(coreDefaultLimits(), support)).toEqual([
      'The default memory limit (2048 MiB per server) is not enforced on this host.',
    ]);
    expect(defaultLimitWarnings({}, support)).toEqual([]);
  });
});
