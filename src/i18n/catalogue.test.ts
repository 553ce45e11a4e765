import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { en, enAreas } from './messages/en.ts';
import { nl } from './messages/nl.ts';

/** The names of a message's arguments and tags, which every translation must keep. */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    into.add(element.value);
    if (element.type === TYPE.tag) argumentsOf(element.children, into);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) argumentsOf(option.value, into);
    }
  }
  return into;
}

describe('the message catalogues', () => {
  it('hold the same ids in English and Dutch', () => {
    expect(Object.keys(nl).sort()).toEqual(Object.keys(en).sort());
  });

  it('use each id in one area only', () => {
    const total = enAreas.reduce((sum, area) => sum + Object.keys(area).length, 0);
    expect(total).toBe(Object.keys(en).length);
  });

  it.each(Object.keys(en))(
    '%s: both parse, with the same arguments, and Dutch is written',
    (id) => {
      const english = en[id as keyof typeof en];
      const dutch = nl[id as keyof typeof nl];
      expect(dutch.trim()).not.toBe('');
      expect([...argumentsOf(parse(dutch))].sort()).toEqual(
        [...argumentsOf(parse(english))].sort(),
      );
    },
  );
});
