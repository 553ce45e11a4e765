/**
 * Keeps the generated parts of the docs true (scripts/docs/check.ts): `node scripts/docs-check.ts`
 * fails, naming what is stale (run by `npm run lint`); `--write` brings it up to date.
 */
import { checkDocs } from './docs/check.ts';

const write = process.argv.includes('--write');
const messages = await checkDocs(process.cwd(), { write });
for (const message of messages) console.error(message);
if (messages.length > 0) process.exit(1);
if (write) console.log('docs up to date');
