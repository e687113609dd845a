import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DropdownMenu, Popover, Tooltip } from 'radix-ui';
import type { ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPopup } from './lazy-popup.tsx';
import type { PopupTriggerProps } from './lazy-popup.tsx';

// The real components, as a feature's lazily loaded module would hold them.

function RealMenu({ trigger, onPick }: PopupTriggerProps & { onPick: (item: string) => void }) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content>
          <DropdownMenu.Item onSelect={() => onPick('Rename')}>Rename</DropdownMenu.Item>
          <DropdownMenu.Item onSelect={() => onPick('Delete')}>Delete</DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function RealPopover({ trigger }: PopupTriggerProps) {
  return (
    <Popover.Root>
      <Popover.Trigger asChild>{trigger}</Popover.Trigger>
      <Popover.Portal>
        <Popover.Content aria-label="Panel">
          <button type="button">Inside</button>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function RealTooltip({ trigger, text }: PopupTriggerProps & { text: string }) {
  return (
    <Tooltip.Provider delayDuration={0}>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>{trigger}</Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content>{text}</Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}

/** A loader the test finishes by hand: the code "arrives" when `arrive()` is called. */
function heldLoader<P>(component: ComponentType<P>) {
  let arrive: () => void = () => undefined;
  const load = vi.fn(
    () =>
      new Promise<ComponentType<P>>((resolve) => {
        arrive = () => resolve(component);
      }),
  );
  return { load, arrive: () => act(async () => arrive()) };
}

const menuButton = () => screen.getByRole('button', { name: 'Actions' });

function renderMenu() {
  const code = heldLoader(RealMenu);
  const Menu = lazyPopup('menu', code.load);
  const onPick = vi.fn();
  render(
    <>
      <Menu onPick={onPick} trigger={<button type="button">Actions</button>} />
      <button type="button">Elsewhere</button>
    </>,
  );
  return { ...code, onPick };
}

describe('a menu whose code loads on first use', () => {
  it('draws its button as closed, and loads nothing until it is pointed at', async () => {
    const user = userEvent.setup();
    const { load } = renderMenu();
    expect(menuButton()).toHaveAttribute('aria-haspopup', 'menu');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(load).not.toHaveBeenCalled();

    await user.hover(menuButton());
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('a click before the code is here opens the menu once it is, once', async () => {
    const user = userEvent.setup();
    const { load, arrive } = renderMenu();
    await user.click(menuButton());
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await arrive();
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('Enter before the code is here opens it with focus on the first item; Escape gives focus back', async () => {
    const user = userEvent.setup();
    const { arrive, onPick } = renderMenu();
    await user.tab();
    expect(menuButton()).toHaveFocus();
    await user.keyboard('{Enter}');
    await arrive();

    expect(await screen.findByRole('menuitem', { name: 'Rename' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onPick).toHaveBeenCalledWith('Delete');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(menuButton()).toHaveFocus();

    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Rename' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(menuButton()).toHaveFocus();
  });

  it('a press given up before the code arrives (Escape, or focus moved away) opens nothing', async () => {
    const user = userEvent.setup();
    const { arrive } = renderMenu();
    await user.tab();
    await user.keyboard('{Enter}');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
    await arrive();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();

    // The code is here now: the next press opens the menu at once.
    await user.click(menuButton());
    expect(await screen.findByRole('menu')).toBeInTheDocument();
  });

  it('keeps trying after a failed load', async () => {
    const user = userEvent.setup();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi
      .fn<() => Promise<typeof RealMenu>>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValue(RealMenu);
    const Menu = lazyPopup('menu', load);
    render(<Menu onPick={() => undefined} trigger={<button type="button">Actions</button>} />);
    await user.hover(menuButton());
    await vi.waitFor(() => expect(error).toHaveBeenCalled());
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await user.click(menuButton());
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('draws the real menu at once where its code has already loaded', async () => {
    const user = userEvent.setup();
    const { arrive } = renderMenu();
    await user.hover(menuButton());
    await arrive();
    const Again = lazyPopup('menu', () => Promise.resolve(RealMenu));
    await act(() => Again.preload());
    render(<Again onPick={() => undefined} trigger={<button type="button">More</button>} />);
    await user.pointer({
      keys: '[MouseLeft>]',
      target: screen.getByRole('button', { name: 'More' }),
    });
    // Opened on the press itself, as Radix does.
    expect(screen.getByRole('menu')).toBeInTheDocument();
  });
});

describe('a popover whose code loads on first use', () => {
  it('a click before the code is here opens it once it is, focus inside; Escape returns focus', async () => {
    const user = userEvent.setup();
    const code = heldLoader(RealPopover);
    const Panel = lazyPopup('dialog', code.load);
    render(<Panel trigger={<button type="button">Notifications</button>} />);
    const bell = () => screen.getByRole('button', { name: 'Notifications' });
    expect(bell()).toHaveAttribute('aria-haspopup', 'dialog');
    expect(bell()).toHaveAttribute('aria-expanded', 'false');

    await user.click(bell());
    await code.arrive();
    const panel = await screen.findByRole('dialog', { name: 'Panel' });
    expect(bell()).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bell()).toHaveFocus();
  });
});

describe('a tooltip whose code loads on first use', () => {
  it('shows once the code is here for a mouse that rested on its element meanwhile', async () => {
    const user = userEvent.setup();
    const code = heldLoader(RealTooltip);
    const Tip = lazyPopup('tooltip', code.load);
    render(
      <>
        <Tip text="Open the settings" trigger={<button type="button">Settings</button>} />
        <Tip text="Sign out" trigger={<button type="button">Account</button>} />
      </>,
    );
    await user.hover(screen.getByRole('button', { name: 'Account' }));
    await user.hover(screen.getByRole('button', { name: 'Settings' }));
    expect(code.load).toHaveBeenCalledTimes(1);
    await code.arrive();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Open the settings');
  });

  it("keeps its element's own click, and shows on keyboard focus once the code is here", async () => {
    const user = userEvent.setup();
    const code = heldLoader(RealTooltip);
    const Tip = lazyPopup('tooltip', code.load);
    const onClick = vi.fn();
    render(
      <Tip
        text="Open the settings"
        trigger={
          <button type="button" onClick={onClick}>
            Settings
          </button>
        }
      />,
    );
    const button = () => screen.getByRole('button', { name: 'Settings' });
    expect(button()).not.toHaveAttribute('aria-haspopup');

    await user.click(button());
    expect(onClick).toHaveBeenCalledTimes(1);
    await code.arrive();
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();

    await user.tab({ shift: true });
    await user.tab();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Open the settings');
    expect(button()).toHaveFocus();
    await user.click(button());
    expect(onClick).toHaveBeenCalledTimes(2);
  });
});
