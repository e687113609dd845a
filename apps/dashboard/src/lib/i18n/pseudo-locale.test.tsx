// Issue 29: the pseudo-locale (accented, ~30 % longer English, made from the English catalogs when
// they load) renders a real screen, and so does German; <html lang> follows the language.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { coreRoutes, installFakeFetch } from '@/test/fake-fetch.ts';
import { TEST_CORE, coreInfo } from '@/test/fixtures.ts';
import { connectTo, renderApp } from '@/test/render-app.tsx';
import { pseudoText } from '../../../i18n/pseudo.ts';
import { activateLocale } from './i18n.ts';

afterEach(() => vi.unstubAllGlobals());

function guestHome() {
  installFakeFetch(coreRoutes({ 'GET /info': { body: coreInfo() } }));
  connectTo(TEST_CORE);
  return renderApp('/');
}

describe('a screen in another language', () => {
  it('the pseudo-locale accents and lengthens every marked text', async () => {
    await activateLocale('pseudo');
    guestHome();
    const heading = await screen.findByRole('heading', { name: pseudoText('Welcome to Hearth') });
    expect(heading.textContent).toBe('Ŵééļçööɱéé ţöö Ĥééááŕţĥ');
    expect(heading.textContent.length).toBeGreaterThanOrEqual(
      Math.ceil('Welcome to Hearth'.length * 1.3),
    );
    expect(screen.getByRole('button', { name: pseudoText('Sign in') })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en-XA');
  });

  it('German comes from its catalog', async () => {
    await activateLocale('de');
    guestHome();
    expect(
      await screen.findByRole('heading', { name: 'Willkommen bei Hearth' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Anmelden' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('de');
  });
});
