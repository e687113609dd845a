import { describe, expect, it } from 'vitest';
import {
  isMixedContent,
  localCoreAction,
  pickConnectionModal,
  routeAfterCoreChosen,
} from './modal-choice.ts';
import type { ModalConditions } from './modal-choice.ts';

const none: ModalConditions = {
  inMainLayout: true,
  newLocalCore: false,
  httpBlocked: false,
  coreNotSetUp: false,
  connectionError: false,
  updateRequired: false,
  betaCore: false,
  dismissed: new Set(),
};

describe('pickConnectionModal', () => {
  it('shows nothing when nothing applies', () => {
    expect(pickConnectionModal(none)).toBeNull();
  });

  it('shows one modal at a time, most actionable first', () => {
    const all = {
      ...none,
      newLocalCore: true,
      httpBlocked: true,
      coreNotSetUp: true,
      connectionError: true,
      updateRequired: true,
      betaCore: true,
    };
    expect(pickConnectionModal(all)).toBe('new-local-core');
    expect(pickConnectionModal({ ...all, newLocalCore: false })).toBe('http-error');
    expect(pickConnectionModal({ ...all, newLocalCore: false, httpBlocked: false })).toBe(
      'setup-required',
    );
    expect(pickConnectionModal({ ...none, connectionError: true, updateRequired: true })).toBe(
      'connection-error',
    );
    expect(pickConnectionModal({ ...none, updateRequired: true, betaCore: true })).toBe(
      'update-required',
    );
    expect(pickConnectionModal({ ...none, betaCore: true })).toBe('beta-thanks');
  });

  it('skips dismissed modals', () => {
    expect(
      pickConnectionModal({
        ...none,
        connectionError: true,
        betaCore: true,
        dismissed: new Set(['connection-error'] as const),
      }),
    ).toBe('beta-thanks');
  });

  it('keeps the in-app modals off the login screens, but not the local-core offer or the HTTP error', () => {
    const login = { ...none, inMainLayout: false };
    expect(
      pickConnectionModal({
        ...login,
        coreNotSetUp: true,
        connectionError: true,
        updateRequired: true,
        betaCore: true,
      }),
    ).toBeNull();
    expect(pickConnectionModal({ ...login, newLocalCore: true })).toBe('new-local-core');
    expect(pickConnectionModal({ ...login, httpBlocked: true })).toBe('http-error');
  });
});

describe('connection helpers', () => {
  it('detects mixed content', () => {
    expect(isMixedContent('https:', 'http')).toBe(true);
    expect(isMixedContent('https:', 'https')).toBe(false);
    expect(isMixedContent('http:', 'http')).toBe(false);
  });

  it('routes a chosen core to owner setup, home or sign-in', () => {
    expect(routeAfterCoreChosen(false, false)).toBe('/login/core/first_setup');
    expect(routeAfterCoreChosen(false, true)).toBe('/login/core/first_setup');
    expect(routeAfterCoreChosen(true, true)).toBe('/');
    expect(routeAfterCoreChosen(true, false)).toBe('/login/user/select');
  });
});

describe('localCoreAction (issue 15 #5)', () => {
  it('says Setup only for a core without an owner, else what the click does', () => {
    expect(localCoreAction(false, false)).toBe('Setup');
    expect(localCoreAction(false, true)).toBe('Setup');
    expect(localCoreAction(true, false)).toBe('Add');
    expect(localCoreAction(true, true)).toBe('Continue');
  });
});
