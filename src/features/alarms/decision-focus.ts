/**
 * Where the keyboard goes once an alarm is acknowledged or cleared, its button gone: the same
 * action on the next row that offers it (a person works down the list), else what is left to do
 * on this row (Clear, after Acknowledge), else the page's heading; never the page's body. Rows
 * are taken when the dialog opens: React keeps a row's element while its alarm stays listed.
 */
export function afterDecision(
  opener: HTMLElement,
  action: 'acknowledge' | 'clear',
): () => (HTMLElement | null)[] {
  const row = opener.closest('[role="row"], tr');
  const later: Element[] = [];
  for (let next = row?.nextElementSibling; next; next = next.nextElementSibling) later.push(next);
  return () => [
    ...later.map((next) => next.querySelector<HTMLElement>(`[data-decision="${action}"]`)),
    row?.querySelector<HTMLElement>('[data-decision]') ?? null,
    document.querySelector<HTMLElement>('main h1'),
  ];
}
