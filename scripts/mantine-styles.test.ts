import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Mantine's styles are imported one component at a time (src/app/styles.ts and the history
// pages' own list), so a component used without its CSS renders unstyled: the Follow live switch
// showed as a bare checkbox with its label on the next line. This keeps every used component's
// CSS, and the CSS of the parts it is built from, imported somewhere in the console.
const root = join(import.meta.dirname, '..');
const stylesFolder = join(root, 'node_modules', '@mantine', 'core', 'styles');
const builtFrom: Record<string, string[]> = {
  Switch: ['InlineInput'],
  Checkbox: ['InlineInput'],
  Radio: ['InlineInput'],
  Modal: ['ModalBase', 'Overlay'],
  MultiSelect: ['Combobox', 'Pill', 'PillsInput', 'Input'],
  NativeSelect: ['Input'],
  JsonInput: ['Input'],
  TextInput: ['Input'],
  NumberInput: ['Input'],
  PasswordInput: ['Input'],
};

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('Mantine styles', () => {
  it('imports the CSS of every Mantine component the console uses', () => {
    const texts = sources(join(root, 'src')).map((path) => readFileSync(path, 'utf8'));
    const used = new Set<string>();
    for (const text of texts) {
      for (const [, names = ''] of text.matchAll(/import \{([^}]*)\} from '@mantine\/core'/g)) {
        for (const name of names.split(',').map((part) => part.trim().replace(/^type /, ''))) {
          if (/^[A-Z]/.test(name)) used.add(name);
        }
      }
    }
    const imported = new Set(
      texts.flatMap((text) =>
        [...text.matchAll(/import '@mantine\/core\/styles\/(\w+)\.css'/g)].map(([, name]) => name),
      ),
    );
    const needed = [...used].flatMap((name) => [name, ...(builtFrom[name] ?? [])]);
    const missing = [...new Set(needed)].filter(
      (name) => existsSync(join(stylesFolder, `${name}.css`)) && !imported.has(name),
    );
    expect(used.has('Switch')).toBe(true);
    expect(missing).toEqual([]);
  });
});
