// Shared look of dropdown and context menu entries (Radix sets the data attributes).

export const MENU_PANEL =
  'z-50 overflow-hidden rounded-lg border border-line bg-raised shadow-xl shadow-black/50';

export const MENU_ITEM =
  'flex cursor-pointer items-center gap-2 rounded-md px-2 text-[13px] text-fg select-none ' +
  'data-[highlighted]:bg-hover data-[disabled]:cursor-not-allowed data-[disabled]:text-faint';

export const MENU_SEPARATOR = 'h-px bg-line';
