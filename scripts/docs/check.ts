/**
 * Runs every generated part of the docs (journey figures, the decision index, the configuration
 * tables): in check mode says what is out of date, with `write` brings it up to date. Generated
 * text is formatted by Prettier before it is compared, so a file reads as `npm run format` leaves it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { configurationTables } from './configuration.ts';
import { decisionIndex } from './decisions.ts';
import type { DocsResult } from './generated.ts';
import { journeyFigures } from './journeys.ts';

export async function checkDocs(
  root: string,
  options: { write: boolean; parts?: ((root: string) => DocsResult)[] },
): Promise<string[]> {
  const parts = options.parts ?? [journeyFigures, decisionIndex, configurationTables];
  const messages: string[] = [];
  for (const part of parts) {
    const { files, problems } = part(root);
    messages.push(...problems);
    for (const [file, wanted] of files) {
      const path = join(root, file);
      const config = (await resolveConfig(path)) ?? {};
      const formatted = await format(wanted, { ...config, filepath: path });
      if (formatted === readFileSync(path, 'utf8')) continue;
      if (options.write) writeFileSync(path, formatted);
      else messages.push(`${file} is out of date: run node scripts/docs-check.ts --write`);
    }
  }
  return messages;
}
