/**
 * Where focus goes when the control that had it disappears (a form that closes on save, a row that
 * is removed, a page that is left): to a heading that names what the person is now looking at,
 * never to the page's body, where a keyboard or screen-reader user would have to start over.
 */
export function focusHeading(element: HTMLElement | null): boolean {
  if (!element) return false;
  if (!element.hasAttribute('tabindex')) element.tabIndex = -1;
  element.focus();
  return true;
}

/** Frames a page is given to show its heading (a lazy page and its data may take a moment). */
const FRAMES = 300;

/**
 * Focuses the main heading of the page once it is on screen. `named`: the heading must say this
 * (the new group's name): the page being left may still show its own heading for a frame or two,
 * and focus given to it would fall to the body when it goes.
 */
export function focusPageHeading(named?: string): void {
  let frames = 0;
  const attempt = () => {
    const heading = document.querySelector<HTMLElement>('main h1');
    if (named === undefined || heading?.textContent?.trim() === named) {
      if (focusHeading(heading)) return;
    }
    frames += 1;
    if (frames < FRAMES) requestAnimationFrame(attempt);
  };
  requestAnimationFrame(attempt);
}

/**
 * After an action whose control may be gone: the first of `candidates` still on the page takes
 * the focus (a control, or a heading as the last resort), once the page has drawn what changed.
 */
export function focusFirstOf(candidates: () => readonly (HTMLElement | null | undefined)[]): void {
  requestAnimationFrame(() => {
    const found = candidates().find((element) => element?.isConnected === true);
    if (!found) return;
    if (found.matches('h1, h2, h3, h4, h5, h6')) focusHeading(found);
    else found.focus();
  });
}
