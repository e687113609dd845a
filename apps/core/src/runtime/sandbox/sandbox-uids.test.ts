import { describe, expect, it } from 'vitest';
import {
  MAX_SANDBOX_SLOT,
  SANDBOX_UID_BASE,
  rangeClashes,
  sandboxUidOfSlot,
} from './sandbox-uids.ts';

describe('sandbox uids', () => {
  it('maps slots 1…MAX above the base and refuses anything else', () => {
    expect(sandboxUidOfSlot(1)).toBe(SANDBOX_UID_BASE + 1);
    expect(sandboxUidOfSlot(MAX_SANDBOX_SLOT)).toBe(SANDBOX_UID_BASE + MAX_SANDBOX_SLOT);
    for (const bad of [0, -1, 1.5, MAX_SANDBOX_SLOT + 1])
      expect(() => sandboxUidOfSlot(bad)).toThrow(/outside/);
    // Below systemd's foreign range and 2^31.
    expect(SANDBOX_UID_BASE + MAX_SANDBOX_SLOT).toBeLessThan(2147352576);
  });

  it("finds host accounts, groups and subordinate ranges in the range, and nothing on Debian's defaults", () => {
    expect(
      rangeClashes({
        passwd: 'root:x:0:0::/root:/bin/sh\nnobody:x:65534:65534::/:/bin/false\n',
        group: 'nogroup:x:65534:\n',
        subuid: 'alice:100000:65536\n',
        subgid: 'alice:100000:65536\n',
      }),
    ).toEqual([]);
    expect(
      rangeClashes({
        passwd: `a:x:${SANDBOX_UID_BASE + 3}:1::/:/bin/false\n`,
        group: `g:x:${SANDBOX_UID_BASE}:\n`,
        subuid: `b:${SANDBOX_UID_BASE - 10}:11\n`,
        subgid: `c:1:${SANDBOX_UID_BASE - 1}\n`,
      }),
    ).toEqual([
      `the user a has id ${SANDBOX_UID_BASE + 3}`,
      `the group g has id ${SANDBOX_UID_BASE}`,
      `the subordinate uid range of b (${SANDBOX_UID_BASE - 10}, 11 ids)`,
    ]);
  });
});
