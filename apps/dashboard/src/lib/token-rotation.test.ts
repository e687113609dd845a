import { describe, expect, it } from 'vitest';
import { TEST_CORE } from '@/test/fixtures.ts';
import { isRotatingToken, withTokenRotation } from './token-rotation.ts';

describe('token rotation marker', () => {
  it('is set only while the work runs, also when it fails', async () => {
    expect(isRotatingToken(TEST_CORE)).toBe(false);
    let during = false;
    await withTokenRotation(TEST_CORE, async () => {
      during = isRotatingToken(TEST_CORE);
    });
    expect(during).toBe(true);
    expect(isRotatingToken(TEST_CORE)).toBe(false);
    await expect(
      withTokenRotation(TEST_CORE, () => Promise.reject(new Error('no'))),
    ).rejects.toThrow('no');
    expect(isRotatingToken(TEST_CORE)).toBe(false);
    expect(isRotatingToken({ ...TEST_CORE, port: 1 })).toBe(false);
    expect(isRotatingToken(null)).toBe(false);
  });
});
