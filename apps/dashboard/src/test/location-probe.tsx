import { useLayoutEffect } from 'react';
import { useLocation } from '@/lib/router/router.tsx';
import type { Location } from '@/lib/router/router.tsx';

/** What tests read of the router: where it is now (`router.state.location`). */
export interface LocationRecorder {
  state: { location: Pick<Location, 'pathname' | 'search' | 'hash'> };
}

export function locationRecorder(start: string): LocationRecorder {
  const url = new URL(start, 'http://localhost');
  return { state: { location: { pathname: url.pathname, search: url.search, hash: url.hash } } };
}

/** Inside a router: keeps `into` at the router's current location after every navigation. */
export function LocationProbe({ into }: { into: LocationRecorder }) {
  const location = useLocation();
  useLayoutEffect(() => {
    into.state.location = location;
  }, [into, location]);
  return null;
}
