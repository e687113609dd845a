import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { InstanceInfo } from '@hearth/protocol';
import { NARROW_LAYOUT_QUERY } from '@/lib/use-media-query.ts';
import { coreInfo, globalSettings, instanceInfo, publicUser } from '@/test/fixtures.ts';
import { installMediaQueries } from '@/test/media-queries.ts';
import { renderApp, signInWithInstances } from '@/test/render-app.tsx';

// Issue 17: below ~900 px the instance menu is a strip of tabs over the tab, the sidebar is in a
// drawer, and every tab screen has one h1 naming the tab and the instance.

const OWNER = publicUser({ is_owner: true });
const SQUID: InstanceInfo = instanceInfo({ uuid: 'A', name: 'Squid', state: 'Running' });

let media: ReturnType<typeof installMediaQueries> | undefined;
afterEach(() => media?.restore());

function signedIn() {
  signInWithInstances(OWNER, [SQUID], { 'GET /instance/A/console/buffer': { body: [] } });
}

describe('the instance dashboard on a phone', () => {
  it('the core name, cut in the top bar, reads whole in the menu', async () => {
    media = installMediaQueries({ [NARROW_LAYOUT_QUERY]: true });
    const long = 'The Very Long Name Of This Core!';
    signInWithInstances(OWNER, [SQUID], {
      'GET /info': { body: coreInfo({ core_name: long }) },
      'GET /global_settings': { body: globalSettings({ core_name: long }) },
    });
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    const whole = await within(drawer).findByText(long);
    expect(whole).not.toHaveClass('truncate');
  });

  it('shows the tabs as a strip over the tab, the current one marked, and no resize handle', async () => {
    media = installMediaQueries({ [NARROW_LAYOUT_QUERY]: true });
    signedIn();
    const { user } = renderApp('/dashboard/overview?instance=A');
    const strip = await screen.findByRole('navigation', { name: 'Instance tabs' });
    expect(within(strip).getByRole('button', { name: 'Overview' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(
      screen.queryByRole('separator', { name: 'Resize instance navigation' }),
    ).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('complementary', { name: 'Instance navigation' })).getByRole(
        'button',
        { name: 'Stop' },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Overview - Squid');

    await user.click(within(strip).getByRole('button', { name: 'Console' }));
    expect(await screen.findByRole('textbox', { name: 'Console command' })).toBeInTheDocument();
    expect(within(strip).getByRole('button', { name: 'Console' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Console - Squid');
  });

  it('reaches the instance list through the Menu drawer', async () => {
    media = installMediaQueries({ [NARROW_LAYOUT_QUERY]: true });
    signedIn();
    const { user } = renderApp('/dashboard/console?instance=A');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    await user.click(within(drawer).getByRole('button', { name: 'Squid (Running)' }));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
  });

  it('at desktop width keeps the side nav with its resize handle', async () => {
    media = installMediaQueries({ [NARROW_LAYOUT_QUERY]: false });
    signedIn();
    renderApp('/dashboard/overview?instance=A');
    expect(
      await screen.findByRole('separator', { name: 'Resize instance navigation' }),
    ).toHaveAttribute('aria-valuenow', '220');
    expect(screen.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument();
  });
});
