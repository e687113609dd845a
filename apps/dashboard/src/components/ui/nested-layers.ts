// A popover or menu opened from inside a dialog is drawn in a portal at the end of <body>, outside
// the dialog's element. React still delivers the dialog's capture handlers for a press inside it
// (its events follow the component tree, where the popover is the dialog's child), so Radix sees
// the press as inside. Preact's events follow the document, so Radix would take it for a press
// outside and close the dialog under the user's click (the webhook dialog's instance list).

/** Radix wraps every floating layer (popover, dropdown and context menu, tooltip) in this. */
const FLOATING_LAYER = '[data-radix-popper-content-wrapper]';

/**
 * A dialog's `onPointerDownOutside`: a press inside a floating layer is not outside it. Such a
 * layer can only take a press while the modal dialog is open if it was opened on top of it.
 */
export function keepOpenForNestedLayers(event: Event): void {
  const target = event.target;
  if (target instanceof Element && target.closest(FLOATING_LAYER)) event.preventDefault();
}
