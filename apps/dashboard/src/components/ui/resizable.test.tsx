import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { ResizeHandle, clampWidth, readStoredWidth, useResizableWidth } from './resizable.tsx';

const LIMITS = { min: 200, max: 280, initial: 220 };

function Panel() {
  const [width, setWidth] = useResizableWidth('test.width', LIMITS);
  return <ResizeHandle label="Resize" width={width} limits={LIMITS} onResize={setWidth} />;
}

describe('resizable width', () => {
  it('clamps to the limits', () => {
    expect(clampWidth(100, LIMITS)).toBe(200);
    expect(clampWidth(300, LIMITS)).toBe(280);
    expect(clampWidth(Number.NaN, LIMITS)).toBe(220);
  });

  it('starts at the default, moves with the arrow keys and is remembered', () => {
    const { unmount } = render(<Panel />);
    const handle = screen.getByRole('separator', { name: 'Resize' });
    expect(handle).toHaveAttribute('aria-valuenow', '220');
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    expect(handle).toHaveAttribute('aria-valuenow', '240');
    fireEvent.keyDown(handle, { key: 'End' });
    expect(handle).toHaveAttribute('aria-valuenow', '280');
    unmount();
    expect(readStoredWidth('test.width', LIMITS)).toBe(280);
    render(<Panel />);
    expect(screen.getByRole('separator', { name: 'Resize' })).toHaveAttribute(
      'aria-valuenow',
      '280',
    );
  });
});
