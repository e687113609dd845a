// Which connection modal shows, when several apply. One at a time, most actionable first.

export type ConnectionModal =
  | 'new-local-core'
  | 'http-error'
  | 'setup-required'
  | 'connection-error'
  | 'update-required'
  | 'beta-thanks';

export interface ModalConditions {
  /** The current route is inside the main layout (home, dashboard, settings). */
  inMainLayout: boolean;
  newLocalCore: boolean;
  httpBlocked: boolean;
  coreNotSetUp: boolean;
  connectionError: boolean;
  updateRequired: boolean;
  betaCore: boolean;
  dismissed: ReadonlySet<ConnectionModal>;
}

const ORDER: readonly ConnectionModal[] = [
  'new-local-core',
  'http-error',
  'setup-required',
  'connection-error',
  'update-required',
  'beta-thanks',
];

/** Modals that make sense only once the user is past the login screens. */
const MAIN_ONLY: ReadonlySet<ConnectionModal> = new Set([
  'setup-required',
  'connection-error',
  'update-required',
  'beta-thanks',
]);

export function pickConnectionModal(c: ModalConditions): ConnectionModal | null {
  const applies: Record<ConnectionModal, boolean> = {
    'new-local-core': c.newLocalCore,
    'http-error': c.httpBlocked,
    'setup-required': c.coreNotSetUp,
    'connection-error': c.connectionError,
    'update-required': c.updateRequired,
    'beta-thanks': c.betaCore,
  };
  for (const modal of ORDER) {
    if (!applies[modal] || c.dismissed.has(modal)) continue;
    if (MAIN_ONLY.has(modal) && !c.inMainLayout) continue;
    return modal;
  }
  return null;
}

/** Mixed content: an https page cannot call an http core (dashboard.md §2 "HTTP error modal"). */
export function isMixedContent(pageProtocol: string, coreProtocol: string): boolean {
  return pageProtocol === 'https:' && coreProtocol === 'http';
}

/** Where to go once a core is chosen: owner setup, the user's home, or sign-in. */
export function routeAfterCoreChosen(isSetup: boolean, hasToken: boolean): string {
  if (!isSetup) return '/login/core/first_setup';
  return hasToken ? '/' : '/login/user/select';
}

/**
 * The New Local Core Detected button: Setup for a core without an owner (dashboard.md §2), and
 * for one already set up what the click does — Continue with a saved token, else Add it.
 */
export function localCoreAction(isSetup: boolean, hasToken: boolean): 'Setup' | 'Continue' | 'Add' {
  if (!isSetup) return 'Setup';
  return hasToken ? 'Continue' : 'Add';
}
