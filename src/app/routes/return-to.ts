/** Only paths inside the console: a crafted link must never send a person elsewhere. */
export function safeReturnTo(value: string | null): string {
  if (value === null || !value.startsWith('/') || value.startsWith('//')) return '/';
  if (value.startsWith('/sign-in') || value.startsWith('/callback')) return '/';
  return value;
}
