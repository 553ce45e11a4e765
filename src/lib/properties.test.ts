import { describe, expect, it } from 'vitest';
import { PROPERTIES_MAX_BYTES } from '../../contract/limits.ts';
import { say } from '../i18n/message.ts';
import { checkProperties, describeJsonError } from './properties.ts';

describe('checkProperties', () => {
  it('accepts a JSON object and counts its bytes', () => {
    expect(checkProperties('{"site": "north", "n": 1}')).toEqual({
      ok: true,
      value: { site: 'north', n: 1 },
      bytes: 22,
    });
  });

  it.each([
    ['[1, 2]', 'must be a JSON object'],
    ['null', 'must be a JSON object'],
    ['"text"', 'must be a JSON object'],
    ['{"site": }', 'Not valid JSON'],
    ['  ', 'Enter a JSON object'],
  ])('refuses %s', (text, message) => {
    const check = checkProperties(text);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(say(check.error)).toContain(message);
  });

  it('refuses more bytes than the cloud takes, counting UTF-8', () => {
    const big = JSON.stringify({ text: 'é'.repeat(PROPERTIES_MAX_BYTES / 2) });
    const check = checkProperties(big);
    expect(check.ok).toBe(false);
    if (!check.ok)
      expect(say(check.error)).toContain(
        `at most ${PROPERTIES_MAX_BYTES.toLocaleString('en-US')} bytes`,
      );
  });

  it('refuses what the cloud refuses: objects and arrays nested deeper than 32 levels', () => {
    const nested = (levels: number) => `{"a":${'['.repeat(levels - 1)}${']'.repeat(levels - 1)}}`;
    expect(checkProperties(nested(32)).ok).toBe(true);
    const deep = checkProperties(nested(33));
    expect(deep.ok).toBe(false);
    if (!deep.ok)
      expect(say(deep.error)).toBe(
        'Properties must nest objects and arrays at most 32 levels deep.',
      );
  });
});

describe('describeJsonError', () => {
  const why = (text: string) => {
    try {
      JSON.parse(text);
    } catch (error) {
      return say(describeJsonError(text, error));
    }
    return 'valid';
  };

  it('says what is wrong and where, in lines and columns', () => {
    expect(why('{\n  "a": 1\n  "b": 2\n}')).toBe(
      "Not valid JSON: expected ',' or '}' after property value (line 3, column 3).",
    );
    expect(why('{"a": ')).toBe(
      'Not valid JSON: the text ends before the JSON is complete (a closing } or " may be missing) (line 1, column 7).',
    );
  });

  it('reads the line and column other browsers name', () => {
    const firefox = new SyntaxError(
      "JSON.parse: expected ',' or '}' after property value in object at line 3 column 3 of the JSON data",
    );
    expect(say(describeJsonError('…', firefox))).toBe(
      "Not valid JSON: expected ',' or '}' after property value in object (line 3, column 3).",
    );
  });
});
