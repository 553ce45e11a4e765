import { createHash } from 'node:crypto';
import type { PageWords } from './page-words.ts';

/**
 * The identity provider's own pages: sign-in, sign-out and errors. Plain HTML and one stylesheet
 * that follows the console's Mantine look (system font, blue primary, light and dark from the
 * system setting), with Mantine's darker shades where its defaults miss WCAG AA contrast; no
 * script except the one-line automatic sign-out, allowed by its hash.
 */

const css = `
:root{color-scheme:light dark;--bg:#f8f9fa;--paper:#fff;--text:#212529;--dimmed:#495057;
--border:#ced4da;--primary:#1971c2;--primary-hover:#1864ab;--error:#c92a2a;--focus:#339af0}
@media (prefers-color-scheme:dark){:root{--bg:#1a1b1e;--paper:#25262b;--text:#c1c2c5;
--dimmed:#a6a7ab;--border:#5c5f66;--primary:#1971c2;--primary-hover:#1864ab;--error:#ff8787}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
background:var(--bg);color:var(--text);line-height:1.55;font-size:1rem;
font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif}
main{width:100%;max-width:26.25rem;margin:1rem;padding:1.875rem;background:var(--paper);
border:1px solid var(--border);border-radius:.5rem;box-shadow:0 1px 3px rgba(0,0,0,.05),
0 20px 25px -5px rgba(0,0,0,.05),0 10px 10px -5px rgba(0,0,0,.04)}
h1{margin:0;font-size:1.625rem;line-height:1.35;font-weight:700}
.dimmed{color:var(--dimmed);font-size:.875rem;margin:.25rem 0 1.25rem}
label{display:block;font-size:.875rem;font-weight:500;margin:1rem 0 .25rem}
input{display:block;width:100%;height:2.25rem;padding:0 .75rem;font:inherit;font-size:.875rem;
color:var(--text);background:var(--paper);border:1px solid var(--border);border-radius:.25rem}
input[aria-invalid=true]{border-color:var(--error)}
:focus-visible{outline:2px solid var(--focus);outline-offset:2px}
.alert{margin:1rem 0 0;padding:.75rem 1rem;border-radius:.25rem;font-size:.875rem;
border:1px solid var(--error);color:var(--error)}
.actions{display:flex;gap:.75rem;margin-top:1.5rem}
button,.button{flex:1;height:2.25rem;padding:0 1.125rem;font:inherit;font-size:.875rem;
font-weight:600;border-radius:.25rem;cursor:pointer;border:1px solid transparent;
display:inline-flex;align-items:center;justify-content:center;text-decoration:none}
.primary{background:var(--primary);color:#fff}.primary:hover{background:var(--primary-hover)}
.secondary{background:transparent;color:var(--text);border-color:var(--border)}
`;

const autoSubmit = "document.getElementById('sign-out').click()";
const hash = (source: string) => `'sha256-${createHash('sha256').update(source).digest('base64')}'`;

export interface Page {
  status: number;
  html: string;
  headers: Record<string, string>;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** `formTargets`: origins a form may lead to through redirects (the console's). */
function page(
  words: PageWords,
  status: number,
  title: string,
  body: string,
  formTargets: readonly string[],
  script?: string,
): Page {
  const csp = [
    "default-src 'none'",
    `style-src ${hash(css)}`,
    script ? `script-src ${hash(script)}` : '',
    `form-action 'self' ${formTargets.join(' ')}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].filter(Boolean);
  const html = `<!doctype html>
<html lang="${words.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${escapeHtml(words.say('page.product'))}</title>
<style>${css}</style>
</head>
<body>
<main>
${body}
</main>${script ? `\n<script>${script}</script>` : ''}
</body>
</html>
`;
  return {
    status,
    html,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': csp.join('; '),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    },
  };
}

export interface LoginForm {
  action: string;
  cancelAction: string;
  username?: string;
  error?: string;
  status?: number;
  formTargets: readonly string[];
}

export function loginPage(words: PageWords, form: LoginForm): Page {
  const { say } = words;
  const { error } = form;
  const invalid = error ? ' aria-invalid="true" aria-describedby="error"' : '';
  // After a failure the password is what to type again; first time round, the username.
  const focusUser = error && form.username ? '' : ' autofocus';
  const focusPassword = focusUser ? '' : ' autofocus';
  const body = `<h1>${escapeHtml(say('signIn.title'))}</h1>
<p class="dimmed">${escapeHtml(say('signIn.to'))}</p>
${error ? `<p class="alert" id="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${escapeHtml(form.action)}" novalidate>
<label for="username">${escapeHtml(say('signIn.username'))}</label>
<input id="username" name="username" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" required value="${escapeHtml(form.username ?? '')}"${invalid}${focusUser}>
<label for="password">${escapeHtml(say('signIn.password'))}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${invalid}${focusPassword}>
<div class="actions">
<button type="submit" class="primary">${escapeHtml(say('signIn.submit'))}</button>
<button type="submit" class="secondary" formaction="${escapeHtml(form.cancelAction)}">${escapeHtml(say('signIn.cancel'))}</button>
</div>
</form>`;
  // The title carries the error too, so that it is the first thing a screen reader says.
  const plain = say('signIn.title');
  const title = error ? say('page.errorTitle', { error, title: plain }) : plain;
  return page(words, form.status ?? 200, title, body, form.formTargets);
}

export function messagePage(
  words: PageWords,
  status: number,
  title: string,
  message: string,
  link: { href: string; text: string },
): Page {
  const body = `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
<div class="actions"><a class="button primary" href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></div>`;
  return page(words, status, title, body, []);
}

/**
 * `form` is oidc-provider's hidden form (its action and anti-forgery token). When the console
 * asked with a valid ID token, the page confirms itself: the person already chose to sign out.
 */
export function logoutPage(
  words: PageWords,
  form: string,
  confirmed: boolean,
  cancel: { href: string; formTargets: readonly string[] },
): Page {
  const { say } = words;
  const body = `<h1>${escapeHtml(say('signOut.title'))}</h1>
<p class="dimmed">${escapeHtml(say('signOut.question'))}</p>
${form}
<div class="actions">
<button type="submit" class="primary" id="sign-out" form="op.logoutForm" name="logout" value="yes">${escapeHtml(say('signOut.submit'))}</button>
<a class="button secondary" href="${escapeHtml(cancel.href)}">${escapeHtml(say('signOut.cancel'))}</a>
</div>`;
  const title = say('signOut.title');
  return page(words, 200, title, body, cancel.formTargets, confirmed ? autoSubmit : undefined);
}
