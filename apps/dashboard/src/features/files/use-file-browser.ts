import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useLocation, useSearchParams } from '@/lib/router/router.tsx';
import { useAppNavigate } from '@/lib/url-state.ts';
import { browserReducer, initialBrowserState } from './model/browser-state.ts';
import { ROOT_PATH, isRootPath, normalizeDirPath } from './model/file-path.ts';

// The Files tab's state (model/browser-state.ts) tied to the `path` query parameter
// (dashboard.md §2: the current file directory, default '.').

/** The instance whose files were shown last, so a remounted tab notices an instance change. */
let lastInstanceUuid: string | null = null;

export function useFileBrowser(instanceUuid: string) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useAppNavigate();
  const urlPath = normalizeDirPath(params.get('path'));
  const switched = lastInstanceUuid !== null && lastInstanceUuid !== instanceUuid;
  const [state, dispatch] = useReducer(browserReducer, null, () =>
    initialBrowserState(instanceUuid, switched ? ROOT_PATH : urlPath),
  );

  const setPath = useCallback(
    (path: string, replace = false) =>
      navigate(pathname, {
        set: { path: isRootPath(path) ? null : normalizeDirPath(path) },
        replace,
      }),
    [navigate, pathname],
  );

  // Set while the URL still names the old instance's folder after a switch: that path is not shown.
  const resetting = useRef(switched && !isRootPath(urlPath));

  // Changing instance resets the path to '.' and clears the clipboard (dashboard.md §4).
  useEffect(() => {
    const changed = lastInstanceUuid !== null && lastInstanceUuid !== instanceUuid;
    lastInstanceUuid = instanceUuid;
    if (!changed) return;
    dispatch({ type: 'instance-changed', instanceUuid });
    if (!isRootPath(urlPath)) {
      resetting.current = true;
      void setPath(ROOT_PATH, true);
    }
    // Only an instance change triggers this; the path is read as it is then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [instanceUuid]);

  // The URL is the source of a path change (breadcrumb, `..`, back button): clear what it clears.
  useEffect(() => {
    if (resetting.current) {
      if (!isRootPath(urlPath)) return;
      resetting.current = false;
    }
    dispatch({ type: 'path-changed', path: urlPath });
  }, [urlPath]);

  return { state, dispatch, setPath };
}

/** For tests: forget which instance was shown last. */
export function resetLastInstanceForTests(): void {
  lastInstanceUuid = null;
}
