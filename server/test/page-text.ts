/**
 * The words a person reads on one of the identity provider's HTML pages, and those of them that
 * are not a message of the page's catalogue: an English word hard-coded into a Dutch page is
 * one. Used by `npm run i18n:check` (scripts/i18n/sign-in-pages.test.ts) and the server's test
 * of the Dutch pages.
 */
const entity = (text: string) =>
  text
    .replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)))
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"');

/** Text between tags, the title's parts and attributes people read (not style or script). */
function pageTexts(html: string): string[] {
  const without = html.replace(/<(style|script)[^>]*>[\s\S]*?<\/\1>/g, '');
  const texts: string[] = [];
  const title = /<title>([\s\S]*?)<\/title>/.exec(without)?.[1];
  if (title !== undefined) texts.push(...entity(title).split(' · '));
  const body = without.replace(/<title>[\s\S]*?<\/title>/, '');
  for (const match of body.matchAll(/>([^<]+)</g)) texts.push(entity(match[1] ?? ''));
  for (const match of body.matchAll(/\s(?:title|aria-label|placeholder|alt)="([^"]*)"/g)) {
    texts.push(entity(match[1] ?? ''));
  }
  return texts.map((text) => text.trim()).filter((text) => text !== '');
}

/** A message as a pattern of the texts it makes: `{name}` stands for any value. */
function pattern(message: string): RegExp {
  const parts = message.split(/\{\w+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.+')}$`, 's');
}

/** The page's texts that no message of `catalogue` makes. */
export function foreignTexts(
  html: string,
  catalogue: Readonly<Record<string, string>>,
  values: readonly string[] = [],
): string[] {
  const patterns = Object.values(catalogue).map(pattern);
  return pageTexts(html).filter(
    (text) => !values.includes(text) && !patterns.some((p) => p.test(text)),
  );
}
