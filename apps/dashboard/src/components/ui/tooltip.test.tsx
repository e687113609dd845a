import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { InfoTip } from './info-tip.tsx';

describe('Tooltip', () => {
  it('shows its text on keyboard focus and keeps showing it', async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">Before</button>
        <InfoTip label="About Port">The port the server listens on</InfoTip>
      </>,
    );
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'About Port' })).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('The port the server listens on');
    // Still there once React has run every effect of the opening (act flushes them all).
    await act(async () => {});
    expect(screen.getByRole('tooltip')).toHaveTextContent('The port the server listens on');
  });

  it('goes away on Escape', async () => {
    const user = userEvent.setup();
    render(<InfoTip label="About Port">The port the server listens on</InfoTip>);
    await user.tab();
    expect(await screen.findByRole('tooltip')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});
