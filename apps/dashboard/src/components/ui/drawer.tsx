import { lazyPopup } from './lazy-popup.tsx';

export type { DrawerProps } from './drawer-popup.tsx';

/**
 * The narrow layout's side drawer (drawer-popup.tsx). Its button (`trigger`, which opens it and
 * gets focus back on close) is drawn at once; the dialog's code loads when it is first used.
 */
export const Drawer = lazyPopup(
  'dialog',
  async () => (await import('./drawer-popup.tsx')).DrawerPopup,
);
