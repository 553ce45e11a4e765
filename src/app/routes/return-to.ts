import { paths } from '../../lib/paths.ts';

/** Only paths inside the console: a crafted link must never send a person elsewhere. */
export function safeReturnTo(value: string | null): string {
  const home = paths.home.href();
  if (value === null || !value.startsWith('/') || value.startsWith('//')) return home;
  if (value.startsWith(paths.signIn.pattern) || value.startsWith(paths.callback.pattern))
    return home;
  return value;
}
