import { describe, expect, it } from 'vitest';
import { ADDON_SEARCH_LIMIT, ADDON_SEARCH_OFFSET_MAX, nextAddonSearchOffset } from './addons.ts';

const page = (offset: number, hits: number, total_hits: number) => ({
  offset,
  hits: Array.from({ length: hits }, () => null),
  total_hits,
});

describe('nextAddonSearchOffset', () => {
  it('starts the next page after the hits of this one, until total_hits', () => {
    expect(nextAddonSearchOffset(page(0, ADDON_SEARCH_LIMIT, 45))).toBe(ADDON_SEARCH_LIMIT);
    expect(nextAddonSearchOffset(page(20, 20, 45))).toBe(40);
    expect(nextAddonSearchOffset(page(40, 5, 45))).toBeNull();
    expect(nextAddonSearchOffset(page(0, 20, 20))).toBeNull();
  });

  it('stops on an empty page (Modrinth counted more than it gives) and past the last offset', () => {
    expect(nextAddonSearchOffset(page(60, 0, 500))).toBeNull();
    expect(nextAddonSearchOffset(page(ADDON_SEARCH_OFFSET_MAX, 20, 50_000))).toBeNull();
    expect(nextAddonSearchOffset(page(ADDON_SEARCH_OFFSET_MAX - 20, 20, 50_000))).toBe(
      ADDON_SEARCH_OFFSET_MAX,
    );
  });
});
