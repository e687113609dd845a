import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RadioCard, RadioCardGroup } from './radio-cards.tsx';

function Games({
  initial = null,
  initialFocus = false,
}: {
  initial?: string | null;
  initialFocus?: boolean;
}) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <>
      <button type="button">Before</button>
      <RadioCardGroup
        label="Game"
        value={value}
        onValueChange={setValue}
        initialFocus={initialFocus}
      >
        <RadioCard value="vanilla">Vanilla</RadioCard>
        <RadioCard value="paper">Paper</RadioCard>
        <RadioCard value="squid">Squid</RadioCard>
      </RadioCardGroup>
      <button type="button">After</button>
      <output>{value ?? 'none'}</output>
    </>
  );
}

const radio = (name: string) => screen.getByRole('radio', { name });

/** Renders the group with nothing chosen and tabs past Before into it. */
async function tabIntoGames() {
  const user = userEvent.setup();
  render(<Games />);
  await user.tab();
  await user.tab();
  return user;
}

describe('RadioCardGroup (WAI-ARIA radio group)', () => {
  it('is one Tab stop: the first card while none is chosen, else the chosen one', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Games />);
    expect(screen.getByRole('radiogroup', { name: 'Game' })).toBeInTheDocument();
    await user.tab();
    await user.tab();
    expect(radio('Vanilla')).toHaveFocus();
    expect(radio('Vanilla')).not.toBeChecked();
    await user.tab();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
    unmount();

    render(<Games initial="paper" />);
    await user.tab();
    await user.tab();
    expect(radio('Paper')).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Before' })).toHaveFocus();
  });

  it('arrow keys move and choose at once, wrapping round; Home and End go to the ends', async () => {
    const user = await tabIntoGames();
    await user.keyboard('{ArrowDown}');
    expect(radio('Paper')).toHaveFocus();
    expect(radio('Paper')).toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('paper');
    await user.keyboard('{ArrowRight}');
    expect(radio('Squid')).toBeChecked();
    await user.keyboard('{ArrowDown}');
    expect(radio('Vanilla')).toHaveFocus();
    expect(radio('Vanilla')).toBeChecked();
    await user.keyboard('{ArrowUp}');
    expect(radio('Squid')).toBeChecked();
    await user.keyboard('{Home}');
    expect(radio('Vanilla')).toHaveFocus();
    await user.keyboard('{End}');
    expect(radio('Squid')).toHaveFocus();
    expect(radio('Squid')).toHaveAttribute('tabindex', '0');
    expect(radio('Vanilla')).toHaveAttribute('tabindex', '-1');
  });

  it('Space and a click choose', async () => {
    const user = await tabIntoGames();
    await user.keyboard(' ');
    expect(radio('Vanilla')).toBeChecked();
    await user.click(radio('Squid'));
    expect(radio('Squid')).toBeChecked();
    expect(radio('Vanilla')).not.toBeChecked();
  });

  it('takes focus on its first card when asked and nothing else has it', () => {
    render(<Games initialFocus />);
    expect(radio('Vanilla')).toHaveFocus();
  });

  it('leaves focus where the user put it', () => {
    const page = (games: boolean) => (
      <>
        <input aria-label="Elsewhere" />
        {games ? <Games initialFocus /> : null}
      </>
    );
    const { rerender } = render(page(false));
    screen.getByRole('textbox', { name: 'Elsewhere' }).focus();
    rerender(page(true));
    expect(radio('Vanilla')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Elsewhere' })).toHaveFocus();
  });
});
