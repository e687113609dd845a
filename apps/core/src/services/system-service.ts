import { randomUUID } from 'node:crypto';
import { statfsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import {
  HEARTH_VERSION,
  type CoreInfo,
  type PortStatus,
  type SystemCpu,
  type SystemDisk,
  type SystemRam,
} from '@hearth/protocol';
import { canBind } from '../lib/can-bind.ts';

const OS_NAMES: Partial<Record<NodeJS.Platform, string>> = { darwin: 'macos', win32: 'windows' };
const ARCH_NAMES: Record<string, string> = { x64: 'x86_64', arm64: 'aarch64', ia32: 'x86' };

/** Host facts for /info and /system/* (core-api.md §1.4.1). */
export class SystemService {
  readonly coreUuid = randomUUID();
  readonly upSince = Math.floor(Date.now() / 1000);

  constructor(
    private readonly dataDir: string,
    /** Standing problems the owner should see (e.g. the sandbox is off), one sentence each. */
    private readonly standingWarnings: () => readonly string[] = () => [],
  ) {}

  warnings(): string[] {
    return [...this.standingWarnings()];
  }

  /** What does not change while the core runs: read once, not on every /info. */
  private hostFacts: { cpu: string; cpuCount: number; totalRam: number } | null = null;

  /**
   * Synchronous on purpose: /info is what dashboards and monitors poll, and under a console flood
   * every thread-pool round trip (an async statfs) waits for a whole turn of a busy event loop.
   * One statfs(2) on the data dir costs microseconds.
   */
  info(coreName: string, isSetup: boolean): CoreInfo {
    if (!this.hostFacts) {
      const cpus = os.cpus();
      this.hostFacts = {
        cpu: cpus[0]?.model.trim() || 'Unknown CPU',
        cpuCount: cpus.length,
        totalRam: os.totalmem(),
      };
    }
    const facts = this.hostFacts;
    return {
      version: HEARTH_VERSION,
      is_setup: isSetup,
      os: OS_NAMES[process.platform] ?? process.platform,
      arch: ARCH_NAMES[process.arch] ?? process.arch,
      cpu: facts.cpu,
      cpu_count: facts.cpuCount,
      total_ram: facts.totalRam,
      total_disk: this.totalDisk(),
      host_name: os.hostname() || 'Unknown Hostname',
      uuid: this.coreUuid,
      core_name: coreName,
      up_since: this.upSince,
    };
  }

  private totalDisk(): number {
    try {
      const s = statfsSync(this.dataDir);
      return s.blocks * s.bsize;
    } catch {
      return 0;
    }
  }

  async ram(): Promise<SystemRam> {
    let free = os.freemem();
    try {
      const meminfo = await fs.readFile('/proc/meminfo', 'utf8');
      const m = /^MemAvailable:\s+(\d+) kB/m.exec(meminfo);
      if (m) free = Number(m[1]) * 1024;
    } catch {
      // Not Linux: freemem is the best we have.
    }
    return { total: os.totalmem(), free };
  }

  async disk(): Promise<SystemDisk> {
    try {
      const s = await fs.statfs(this.dataDir);
      return { total: s.blocks * s.bsize, free: s.bavail * s.bsize };
    } catch {
      return { total: 0, free: 0 };
    }
  }

  async cpu(): Promise<SystemCpu> {
    const before = os.cpus();
    await new Promise((r) => setTimeout(r, 100));
    const after = os.cpus();
    let busy = 0;
    let total = 0;
    after.forEach((cpu, i) => {
      const prev = before[i];
      if (!prev) return;
      const t = (c: typeof cpu) =>
        c.times.user + c.times.nice + c.times.sys + c.times.irq + c.times.idle;
      total += t(cpu) - t(prev);
      busy += t(cpu) - t(prev) - (cpu.times.idle - prev.times.idle);
    });
    const speed = after.length ? after.reduce((s, c) => s + c.speed, 0) / after.length : 0;
    return { cpu_speed: Math.round(speed), cpu_load: total > 0 ? (busy / total) * 100 : 0 };
  }

  /** is_in_use = cannot bind locally; is_allocated comes from the instance registry. */
  async portStatus(port: number, isAllocated: boolean): Promise<PortStatus> {
    return { is_in_use: !(await canBind(port)), is_allocated: isAllocated };
  }
}
