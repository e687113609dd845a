import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Link, MemoryRouter, useRoutes } from '@/lib/router/router.tsx';
import { NARROW_LAYOUT_QUERY } from '@/lib/use-media-query.ts';
import { installMediaQueries } from '@/test/media-queries.ts';
import { activateLocale } from '@/lib/i18n/i18n.ts';
import { AppShell, Sidebar } from './app-shell.tsx';

let media: ReturnType<typeof installMediaQueries> | undefined;
afterEach(() => media?.restore());

const PAGES = [
  { path: '/', element: <h1>Home</h1> },
  { path: '/dashboard/console', element: <h1>Console</h1> },
];
function Pages() {
  return useRoutes(PAGES);
}

function Shell() {
  return (
    <MemoryRouter initialEntries={['/']}>
      <AppShell
        topStart={<span>Hearth</span>}
        topEnd={<button type="button">Notifications</button>}
        sidebar={
          <Sidebar footer={<button type="button">Account</button>}>
            <nav aria-label="Instances">
              <Link to="/dashboard/console">Squid</Link>
            </nav>
          </Sidebar>
        }
      >
        <Pages />
      </AppShell>
    </MemoryRouter>
  );
}

describe('the main layout at phone and desktop widths', () => {
  it('the first Tab stop skips to the main content', async () => {
    media = installMediaQueries({ [NARROW_LAYOUT_QUERY]: false });
    const user = userEvent.setup();
    render(<Shell />);
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    expect(screen.getByRole('main')).toContainElement(
      screen.getByRole('heading', { name: 'Home' }),
    );
  });

  it('wide: the sidebar is beside the page and there is no Menu button', () => {
    media = installMediaQueries({ [NARROW_LAYOUT_QUERY]: false });
    render(<Shell />);
    expect(screen.getByRole('complementary', { name: 'Sidebar' })).toContainElement(
      screen.getByRole('link', { name: 'Squid' }),
    );
    expect(screen.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument();
  });

  it('narrow: the sidebar is in a drawer that traps focus, closes on Escape and gives focus back', async () => {
    media = installMediaQueries({ [NARROW_LAYOUT_QUERY]: true });
    const user = userEvent.setup();
    render(<Shell />);
    expect(screen.queryByRole('complementary', { name: 'Sidebar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Squid' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    // The drawer's code loads on this first use; the press opens it once it is there.
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(drawer).toContainElement(screen.getByRole('link', { name: 'Squid' }));
    expect(drawer).toContainElement(screen.getByRole('button', { name: 'Account' }));
    expect(drawer).toContainElement(document.activeElement as HTMLElement);
    for (let i = 0; i < 5; i++) await user.tab();
    expect(drawer).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus();
  });

  it('narrow: following a link in the drawer closes it', async () => {
    media = installMediaQueries({ [NARROW_LAYOUT_QUERY]: true });
    const user = userEvent.setup();
    render(<Shell />);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(await screen.findByRole('link', { name: 'Squid' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Console' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
  });

  it('in Chinese: the skip link, the sidebar and the Menu button (issue 29)', async () => {
    await activateLocale('zh-CN');
    media = installMediaQueries({ [NARROW_LAYOUT_QUERY]: false });
    render(<Shell />);
    expect(screen.getByRole('link', { name: '跳到主要内容' })).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: '侧边栏' })).toBeInTheDocument();
    act(() => media?.set(NARROW_LAYOUT_QUERY, true));
    expect(screen.getByRole('button', { name: '打开菜单' })).toBeInTheDocument();
  });

  it('switches layout when the window crosses the width', () => {
    media = installMediaQueries({ [NARROW_LAYOUT_QUERY]: false });
    render(<Shell />);
    expect(screen.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument();
    act(() => media?.set(NARROW_LAYOUT_QUERY, true));
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Sidebar' })).not.toBeInTheDocument();
  });
});
