import { expect, type Locator, type Page } from '@playwright/test';

// Driving the dashboard by keyboard alone (issue 17): Tab until something has focus, checking on
// the way that every element Tab lands on shows a focus ring.

export interface FocusInfo {
  /** A short description for messages: tag, role, name. */
  what: string;
  /** Whether a ring is drawn: an outline of at least 2 px on it (or, in CodeMirror, its editor). */
  ringVisible: boolean;
}

/** What has focus now, and whether it shows it. */
export async function focusInfo(page: Page): Promise<FocusInfo> {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!(active instanceof HTMLElement) || active === document.body)
      return { what: 'body', ringVisible: false };
    // CodeMirror draws the ring round the editor while its text area has focus.
    const ringHolder = active.closest<HTMLElement>('.cm-editor') ?? active;
    const style = getComputedStyle(ringHolder);
    const ringVisible = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
    const name = active.getAttribute('aria-label') ?? active.textContent?.trim().slice(0, 40) ?? '';
    return {
      what: `${active.tagName.toLowerCase()}${active.getAttribute('role') ? `[${active.getAttribute('role')}]` : ''} "${name}"`,
      ringVisible,
    };
  });
}

async function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate(
    (el) => el === document.activeElement || el.contains(document.activeElement),
  );
}

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, failing after `max` presses. Every stop on
 * the way must show a focus ring. Returns how many presses it took.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  options: { max?: number; backwards?: boolean } = {},
): Promise<number> {
  const max = options.max ?? 80;
  await target.waitFor({ state: 'attached' });
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press(options.backwards ? 'Shift+Tab' : 'Tab');
    const info = await focusInfo(page);
    // CodeMirror marks its editor focused from a focus observer a moment after focus moves.
    if (info.what !== 'body' && !info.ringVisible)
      await expect
        .poll(async () => (await focusInfo(page)).ringVisible, {
          message: `focus ring on ${info.what}`,
        })
        .toBe(true);
    if (await isFocused(target)) return presses;
  }
  throw new Error(`Tab never reached ${target.toString()} in ${max} presses`);
}

/** Expects focus to be on `target` now (e.g. back on the button that opened a dialog). */
export async function expectFocused(target: Locator): Promise<void> {
  await expect.poll(() => isFocused(target)).toBe(true);
}
