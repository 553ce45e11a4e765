/** One screenshot of `npm run screens` (scripts/screens.ts). */
export interface Shot {
  file: string;
  user: string;
  look: string;
  page: string;
  href: string;
}

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * The contact sheet: a section per user, a row per page, a column per look (phone in Dutch,
 * desktop in English, light and dark); each thumbnail opens its screenshot.
 */
export function contactSheet(shots: readonly Shot[]): string {
  const users = [...new Set(shots.map((s) => s.user))];
  const looks = [...new Set(shots.map((s) => s.look))];
  const sections = users.map((user) => {
    const mine = shots.filter((s) => s.user === user);
    const pages = [...new Set(mine.map((s) => s.page))];
    const rows = pages.map((page) => {
      const cells = looks.map((look) => {
        const shot = mine.find((s) => s.page === page && s.look === look);
        return shot
          ? `<td><a href="${escape(shot.file)}"><img src="${escape(shot.file)}" loading="lazy" alt="${escape(`${user} ${page} ${look}`)}"></a></td>`
          : '<td></td>';
      });
      const href = mine.find((s) => s.page === page)?.href ?? '';
      return `<tr><th scope="row">${escape(page)}<br><code>${escape(href)}</code></th>${cells.join('')}</tr>`;
    });
    const head = looks.map((look) => `<th scope="col">${escape(look)}</th>`).join('');
    return `<h2>${escape(user)}</h2><table><tr><th></th>${head}</tr>${rows.join('')}</table>`;
  });
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Telemetry Console screens</title>
<style>
body { font-family: system-ui, sans-serif; margin: 1rem; }
table { border-collapse: collapse; }
th, td { border: 1px solid #ccc; padding: 4px; vertical-align: top; text-align: left; }
img { width: 180px; max-height: 400px; object-fit: cover; object-position: top; }
code { font-size: 11px; }
</style></head><body>
<h1>Telemetry Console: every page as each demo user sees it</h1>
${sections.join('\n')}
</body></html>
`;
}
