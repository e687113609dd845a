import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Button } from './button.tsx';
import { Modal } from './dialog.tsx';
import { DropdownMenu, DropdownMenuItem } from './dropdown-menu.tsx';

/** A dialog opened from state (no Radix trigger): by a button, or by a menu entry. */
function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Delete</Button>
      <DropdownMenu trigger={<Button>Actions</Button>}>
        <DropdownMenuItem onSelect={() => setOpen(true)}>Rename</DropdownMenuItem>
      </DropdownMenu>
      <Button>Elsewhere</Button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title="Are you sure?"
        actions={<Button onClick={() => setOpen(false)}>Cancel</Button>}
      />
    </>
  );
}

describe('Modal focus return', () => {
  it('gives focus back to the button that opened it (Escape or Cancel)', async () => {
    const user = userEvent.setup();
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Delete' });
    await user.click(opener);
    expect(screen.getByRole('dialog', { name: 'Are you sure?' })).toContainElement(
      document.activeElement as HTMLElement,
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();

    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(opener).toHaveFocus();
  });

  it('opened from a menu entry (gone by then), gives focus back to the menu button', async () => {
    const user = userEvent.setup();
    render(<Page />);
    const menuButton = screen.getByRole('button', { name: 'Actions' });
    menuButton.focus();
    await user.keyboard('{Enter}');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Are you sure?' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Rename' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(menuButton).toHaveFocus();
  });
});
