/**
 * Layout checks jsdom can make (it computes no boxes): the class structure that decides whether
 * something can push the page wider than the screen.
 */

const POSITIONED = /(^|\s)(relative|absolute|fixed|sticky)(\s|$)/;
const SCROLLS_X = /(^|\s)overflow(-x)?-(auto|scroll|hidden|clip)(\s|$)/;

/**
 * The `sr-only` elements (absolutely positioned, 1 px) whose containing block lies outside the
 * sideways-scrolling box that holds them: the browser measures them against a box further up, so
 * they widen the page instead of scrolling inside their table.
 */
export function escapingSrOnly(root: ParentNode): Element[] {
  return [...root.querySelectorAll('.sr-only')].filter((element) => {
    for (let node = element.parentElement; node; node = node.parentElement) {
      const classes = node.getAttribute('class') ?? '';
      if (POSITIONED.test(classes)) return false;
      if (SCROLLS_X.test(classes)) return true;
    }
    return false;
  });
}

/** Elements inside `root` (itself included) that scroll vertically on their own. */
export function verticalScrollers(root: Element): Element[] {
  return [root, ...root.querySelectorAll('*')].filter((element) =>
    /(^|\s)overflow(-y)?-(auto|scroll)(\s|$)/.test(element.getAttribute('class') ?? ''),
  );
}

/**
 * The text a sighted user sees in `element`, as axe reads it for `label-content-name-mismatch`:
 * its text nodes joined as they are (no space is added between elements), without what is
 * hidden from the screen (`aria-hidden`, `sr-only`).
 */
export function visibleText(element: Element): string {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  let text = '';
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const hidden = node.parentElement?.closest('[aria-hidden="true"], .sr-only');
    if (!hidden || !element.contains(hidden)) text += node.textContent ?? '';
  }
  return text.replace(/\s+/g, ' ').trim();
}

const LANDMARK =
  'main, nav, aside, header, footer, [role="region"], [role="main"], [role="navigation"], [role="complementary"], [role="banner"], [role="contentinfo"], [role="dialog"]';

/** The landmark (or dialog) that holds `element`, if any: axe's `region` rule wants one. */
export function landmarkOf(element: Element): Element | null {
  return element.closest(LANDMARK);
}
