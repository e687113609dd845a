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
