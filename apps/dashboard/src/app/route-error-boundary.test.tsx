import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './router.tsx';

function Broken(): never {
  throw new Error('chunk failed to load');
}

describe('RouteErrorBoundary', () => {
  it('shows Something went wrong for a screen that throws, and clears on another path', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { rerender } = render(
      <RouteErrorBoundary resetKey="/a">
        <Broken />
      </RouteErrorBoundary>,
    );
    const alert = screen.getByRole('alert');
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('chunk failed to load');
    expect(screen.getByRole('button', { name: 'Go Home' })).toBeInTheDocument();

    rerender(
      <RouteErrorBoundary resetKey="/b">
        <p>Another screen</p>
      </RouteErrorBoundary>,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('Another screen')).toBeInTheDocument();
  });
});
