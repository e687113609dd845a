import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MotdPreview } from './motd-preview.tsx';

describe('MotdPreview', () => {
  it('colours and styles the segments and shows only the first line', () => {
    render(<MotdPreview value={'§6§lHearth §r§bserver\nsecond line'} />);
    const preview = screen.getByRole('figure', { name: 'MOTD preview' });
    expect(preview).toHaveTextContent('Hearth server...');
    expect(preview).not.toHaveTextContent('second line');
    const hearth = screen.getByText('Hearth');
    expect(hearth).toHaveStyle({ color: '#FFAA00', fontWeight: '700' });
    expect(screen.getByText('server')).toHaveStyle({ color: '#55FFFF' });
  });

  it('shows no ellipsis for a single line', () => {
    render(<MotdPreview value="§nunder§mboth" />);
    expect(screen.getByRole('figure', { name: 'MOTD preview' })).toHaveTextContent(/^underboth$/);
    expect(screen.getByText('both')).toHaveStyle({ textDecorationLine: 'underline line-through' });
  });
});
