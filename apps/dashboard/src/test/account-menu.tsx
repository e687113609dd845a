import type { ReactNode } from 'react';
import { DropdownMenu } from 'radix-ui';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/**
 * The account menu's groups in a bare dropdown with an "Account" trigger, opened: the menu-group
 * tests click in it as in the app shell's menu. Returns the user that opened it.
 */
export async function openAccountMenu(groups: ReactNode) {
  const user = userEvent.setup();
  render(
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger>Account</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content>{groups}</DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>,
  );
  await user.click(screen.getByRole('button', { name: 'Account' }));
  return user;
}
