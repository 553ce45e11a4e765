import { common } from './en/common.ts';
import { shell } from './en/shell.ts';
import { ui } from './en/ui.ts';
import { signin } from './en/signin.ts';
import { connection } from './en/connection.ts';

/**
 * The English the first page needs (sign-in, its callback, the configuration's and the routes'
 * errors, the loaders), part of the entry; the whole catalogue (en.ts) is a chunk that loads with
 * the signed-in console (`loadAllWords`), which keeps the first page within its 160 KB (decision
 * 0168). `scripts/i18n/first-words.test.ts` (i18n:check) fails when a module of the first page names an id that is
 * not here.
 */
export const enFirst = {
  ...common,
  ...shell,
  ...ui,
  ...signin,
  ...connection,
};
