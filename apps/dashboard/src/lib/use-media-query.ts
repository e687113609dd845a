import { useCallback, useSyncExternalStore } from 'react';

/**
 * Below this width the sidebars give way: the instances sidebar becomes a drawer and the instance
 * menu a tab strip over the tab (styles/index.css names the same width `wide`).
 */
export const NARROW_LAYOUT_QUERY = '(width < 56.25rem)';

function mediaList(query: string): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(query) : null;
}

/** Whether a media query matches now, following its changes. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = mediaList(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => mediaList(query)?.matches ?? false);
}

/** Phone and small-tablet widths (below ~900 px). */
export function useNarrowLayout(): boolean {
  return useMediaQuery(NARROW_LAYOUT_QUERY);
}
