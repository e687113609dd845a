import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Button } from './button.tsx';
import { Modal } from './dialog.tsx';
import { DropdownMenu, DropdownMenuItem } from './dropdown-menu.tsx';
import { MultiSelect } from './multi-select.tsx';

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

/** A dialog with a list that opens in a popover (drawn in a portal outside the dialog). */
function PickerDialog() {
  const [open, setOpen] = useState(true);
  const [picked, setPicked] = useState<string[]>([]);
  return (
    <Modal open={open} onOpenChange={setOpen} title="New webhook">
      <MultiSelect
        label="Instances"
        options={[
          { value: 'a', label: 'Survival' },
          { value: 'b', label: 'Creative' },
        ]}
        selected={picked}
        onChange={setPicked}
      />
    </Modal>
  );
}

describe('Modal with a popover opened from it', () => {
  it('stays open, with the choice, when an option in the popover is pressed', async () => {
    const user = userEvent.setup();
    render(<PickerDialog />);
    await user.click(screen.getByRole('button', { name: 'Instances: None' }));
    const options = await screen.findByRole('group', { name: 'Instances' });
    await user.click(within(options).getByRole('checkbox', { name: 'Creative' }));
    expect(screen.getByRole('dialog', { name: 'New webhook' })).toBeInTheDocument();
    expect(within(options).getByRole('checkbox', { name: 'Creative' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Instances: Creative' })).toBeInTheDocument();
  });
});

describe('Modal while its action runs', () => {
  function Busy({ busy }: { busy: boolean }) {
    const [open, setOpen] = useState(true);
    return open ? (
      <Modal open onOpenChange={setOpen} title="Deleting" busy={busy}>
        <Button>Inside</Button>
      </Modal>
    ) : (
      <p>closed</p>
    );
  }

  it('stays open on Escape while busy, and closes on Escape once it is not', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Busy busy />);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Deleting' })).toBeInTheDocument();
    rerender(<Busy busy={false} />);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('closed')).toBeInTheDocument();
  });
});
