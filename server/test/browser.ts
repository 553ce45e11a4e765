/**
 * What a browser does in a sign-in, over plain HTTP: keeps cookies, follows redirects one at a
 * time (so a test sees where each leads), and submits the forms pages show.
 */
export class Browser {
  private readonly cookies = new Map<string, string>();
  /** Headers this browser sends with every request (its Accept-Language). */
  private readonly always: Readonly<Record<string, string>>;

  constructor(always: Readonly<Record<string, string>> = {}) {
    this.always = always;
  }

  async fetch(url: string | URL, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    for (const [name, value] of Object.entries(this.always)) {
      if (!headers.has(name)) headers.set(name, value);
    }
    if (this.cookies.size > 0) {
      headers.set(
        'cookie',
        [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      );
    }
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = /max-age=0|expires=thu, 01 jan 1970/i.test(line);
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** Follows redirects until a page answers, or until the next hop would leave for `stopAt`. */
  async follow(
    url: string | URL,
    init: RequestInit = {},
    stopAt?: string,
  ): Promise<{ response: Response; url: string }> {
    let current = String(url);
    let response = await this.fetch(current, init);
    for (let hops = 0; hops < 10; hops++) {
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) break;
      current = new URL(location, current).href;
      if (stopAt && current.startsWith(stopAt)) return { response, url: current };
      response = await this.fetch(current);
    }
    return { response, url: current };
  }

  /** Submits a page's form (the first, or the one whose action contains `actionPart`). */
  async submit(
    pageUrl: string,
    html: string,
    fields: Record<string, string>,
    options: { actionPart?: string; stopAt?: string } = {},
  ) {
    const action = formActions(html).find(
      (a) => !options.actionPart || a.includes(options.actionPart),
    );
    if (!action)
      throw new Error(`no form${options.actionPart ? ` for ${options.actionPart}` : ''}`);
    const body = new URLSearchParams({ ...hiddenFields(html), ...fields });
    return this.follow(
      new URL(action, pageUrl),
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: body.toString(),
      },
      options.stopAt,
    );
  }
}

const unescape = (text: string) =>
  text
    .replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)))
    .replace(/&amp;/g, '&');

function formActions(html: string): string[] {
  const actions = [...html.matchAll(/<form[^>]*action="([^"]*)"/g)].map((m) => m[1] ?? '');
  const overrides = [...html.matchAll(/formaction="([^"]*)"/g)].map((m) => m[1] ?? '');
  return [...actions, ...overrides].map(unescape);
}

function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
    fields[match[1] ?? ''] = unescape(match[2] ?? '');
  }
  return fields;
}
