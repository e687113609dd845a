import { describe, expect, it } from 'vitest';
import { OutputGate } from './output-gate.ts';

describe('OutputGate', () => {
  it('pauses while any viewer holds it and resumes when the last one releases', () => {
    const changes: boolean[] = [];
    const gate = new OutputGate((paused) => changes.push(paused));
    const a = {};
    const b = {};
    expect(gate.hold(a, () => undefined)).toBe(true);
    expect(gate.hold(b, () => undefined)).toBe(true);
    gate.release(a);
    expect(gate.paused).toBe(true);
    gate.release(b);
    expect(gate.paused).toBe(false);
    expect(changes).toEqual([true, false]);
  });

  it('cancels a hold that lasts too long and never lets that viewer pause the server again', async () => {
    const changes: boolean[] = [];
    const gate = new OutputGate((paused) => changes.push(paused), 20);
    const stuck = {};
    let expired = false;
    gate.hold(stuck, () => (expired = true));
    await new Promise((r) => setTimeout(r, 60));
    expect(expired).toBe(true);
    expect(gate.paused).toBe(false);
    expect(gate.hold(stuck, () => undefined)).toBe(false);
    expect(gate.hold({}, () => undefined)).toBe(true);
    expect(changes).toEqual([true, false, true]);
  });
});
