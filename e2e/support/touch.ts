import { expect, type Page } from '@playwright/test';

// Touch targets at phone size (issue 17): every control a finger can press is at least 44 × 44
// CSS px — measured on the control, or on the label that wraps it (a checkbox's label is pressed
// as much as the box). Links inside running text are exempt, as in WCAG 2.5.5. The whole page is
// measured, not only what the first screenful shows (issue 23 item 17).

export const TOUCH_TARGET_PX = 44;

export interface SmallTarget {
  what: string;
  width: number;
  height: number;
}

/** The enabled, visible controls anywhere on the page that are smaller than a finger. */
export async function smallTouchTargets(page: Page): Promise<SmallTarget[]> {
  return page.evaluate((min) => {
    const selector = [
      'button',
      'a[href]',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      '[role="button"]',
      '[role="checkbox"]',
      '[role="switch"]',
      '[role="radio"]',
      '[role="tab"]',
      '[role="menuitem"]',
      '[role="menuitemradio"]',
    ].join(',');
    const small: { what: string; width: number; height: number }[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      if (el.matches(':disabled, [aria-disabled="true"]')) continue;
      if (el.closest('[aria-hidden="true"], [inert]')) continue;
      if (el.tagName === 'A' && el.closest('p')) continue;
      const box = (el.closest('label') ?? el).getBoundingClientRect();
      const style = getComputedStyle(el);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
      // Visually hidden until focused from a keyboard (the skip link): no finger can touch it.
      if (style.clipPath === 'inset(50%)' || style.clip === 'rect(0px, 0px, 0px, 0px)') continue;
      if (box.width + 0.5 < min || box.height + 0.5 < min) {
        const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? '';
        small.push({
          what: `${el.tagName.toLowerCase()} "${name}"`,
          width: Math.round(box.width),
          height: Math.round(box.height),
        });
      }
    }
    return small;
  }, TOUCH_TARGET_PX);
}

/**
 * Fails listing every control under 44 × 44 px anywhere on the page (scrolled to or not), and on
 * any sideways scrolling of the page or of its main content (their scroll widths cover all of
 * their content, not only the first screenful).
 */
export async function expectPhoneFriendly(page: Page, screen: string): Promise<void> {
  expect(await smallTouchTargets(page), `${screen}: controls under 44 px`).toEqual([]);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${screen}: the page scrolls sideways`).toBeLessThanOrEqual(0);
  // The page's content scrolls in <main>: what is wider than it scrolls there, not in the document.
  const inMain = await page.evaluate(() => {
    const main = document.querySelector('main');
    return main ? main.scrollWidth - main.clientWidth : 0;
  });
  expect(inMain, `${screen}: the main content scrolls sideways`).toBeLessThanOrEqual(0);
}
