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

/** Focuses the main heading of the page once it is on screen (a lazy page may take a moment). */
export function focusPageHeading(): void {
  let frames = 0;
  const attempt = () => {
    if (focusHeading(document.querySelector<HTMLElement>('main h1'))) return;
    frames += 1;
    if (frames < 120) requestAnimationFrame(attempt);
  };
  requestAnimationFrame(attempt);
}
