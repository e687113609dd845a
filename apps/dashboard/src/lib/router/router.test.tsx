import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavigationType,
  Outlet,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useRoutes,
  useSearchParams,
} from './router.tsx';
import type { RouteObject } from './router.tsx';

/** Counts its own mounts: a layout that stays mounted across pages keeps its count. */
function Layout() {
  const [mountedAt] = useState(() => performance.now());
  return (
    <main data-mounted={mountedAt}>
      <Outlet />
    </main>
  );
}

function Tab() {
  const { tab } = useParams();
  const [params, setParams] = useSearchParams();
  return (
    <>
      <h1>Tab {tab}</h1>
      <p>filter={params.get('q') ?? ''}</p>
      <button
        type="button"
        onClick={() => setParams(new URLSearchParams({ q: 'x' }), { replace: true })}
      >
        Filter
      </button>
    </>
  );
}

function Where() {
  const location = useLocation();
  const type = useNavigationType();
  return (
    <output aria-label="where">
      {type} {location.pathname}
      {location.search}
      {location.hash}
    </output>
  );
}

function Go({ to, replace = false }: { to: string; replace?: boolean }) {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(to, { replace })}>
      Go {to}
    </button>
  );
}

const ROUTES: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { index: true, element: <h1>Home</h1> },
      { path: '/dashboard/:tab', element: <Tab /> },
    ],
  },
  { path: '/old', element: <Navigate to="/dashboard/files?q=moved" replace /> },
  { path: '*', element: <h1>Not found</h1> },
];

function App() {
  return (
    <>
      {useRoutes(ROUTES)}
      <Where />
      <Go to="/dashboard/console#end" />
      <Go to="/" replace />
      <Link to="/dashboard/logs">Logs</Link>
    </>
  );
}

const where = () => screen.getByRole('status', { name: 'where' }).textContent;

describe('router', () => {
  it('draws the matched route inside its layout, which stays mounted across pages', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/']}>
        <App />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(where()).toBe('POP /');
    const mounted = screen.getByRole('main').dataset.mounted;

    await user.click(screen.getByRole('button', { name: 'Go /dashboard/console#end' }));
    expect(screen.getByRole('heading', { name: 'Tab console' })).toBeInTheDocument();
    expect(where()).toBe('PUSH /dashboard/console#end');
    expect(screen.getByRole('main').dataset.mounted).toBe(mounted);

    await user.click(screen.getByRole('link', { name: 'Logs' }));
    expect(screen.getByRole('heading', { name: 'Tab logs' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Logs' })).toHaveAttribute('href', '/dashboard/logs');

    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(screen.getByText('filter=x')).toBeInTheDocument();
    expect(where()).toBe('REPLACE /dashboard/logs?q=x');

    await user.click(screen.getByRole('button', { name: 'Go /' }));
    expect(where()).toBe('REPLACE /');
  });

  it('redirects with <Navigate>, and shows * for an unknown path', () => {
    const { unmount } = render(
      <MemoryRouter initialEntries={['/old']}>
        <App />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Tab files' })).toBeInTheDocument();
    expect(where()).toBe('REPLACE /dashboard/files?q=moved');
    unmount();

    render(
      <MemoryRouter initialEntries={['/nowhere']}>
        <App />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Not found' })).toBeInTheDocument();
  });

  describe('in the browser', () => {
    afterEach(() => window.history.replaceState(null, '', '/'));

    it('writes the address bar and follows Back', async () => {
      const user = userEvent.setup();
      window.history.replaceState(null, '', '/dashboard/overview?instance=a');
      render(
        <BrowserRouter>
          <App />
        </BrowserRouter>,
      );
      expect(screen.getByRole('heading', { name: 'Tab overview' })).toBeInTheDocument();

      await user.click(screen.getByRole('link', { name: 'Logs' }));
      expect(window.location.pathname).toBe('/dashboard/logs');
      expect(where()).toBe('PUSH /dashboard/logs');

      act(() => window.history.back());
      expect(await screen.findByRole('heading', { name: 'Tab overview' })).toBeInTheDocument();
      expect(where()).toBe(`${NavigationType.Pop} /dashboard/overview?instance=a`);
    });

    it('leaves a modified click on a link to the browser', async () => {
      const user = userEvent.setup();
      render(
        <BrowserRouter>
          <App />
        </BrowserRouter>,
      );
      const link = screen.getByRole('link', { name: 'Logs' });
      let prevented: boolean | null = null;
      link.addEventListener('click', (event) => {
        prevented = event.defaultPrevented;
        event.preventDefault();
      });
      await user.keyboard('{Control>}');
      await user.click(link);
      await user.keyboard('{/Control}');
      expect(prevented).toBe(false);
      expect(where()).toBe('POP /');
    });
  });
});
