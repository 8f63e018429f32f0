// The player name schema alone: NFKC normalisation, the characters refused (invisible, format, blank-looking),
// names that show nothing, and the word each player's page calls its reader ("You").
import { describe, expect, it } from 'vitest';
import { PlayerNameSchema } from './players';

/** The messages a name is refused with (none when accepted). */
const refusals = (name: string) => PlayerNameSchema.safeParse(name).error?.issues.map((i) => i.message) ?? [];

const INVISIBLE = 'must not contain control, invisible, format or text-direction characters';
const EMPTY = 'must show at least one visible character';
const RESERVED = 'must not be “You” (in any case or spacing): each player’s page calls its reader so';

describe('a player name', () => {
  it.each([
    ['fullwidth letters', 'Ｚｏë', 'Zoë'],
    ['a ligature', 'ﬁona', 'fiona'],
    ['a decomposed accent', 'Zoe\u0308', 'Zoë'],
    ['a no-break space', 'Ann\u00A0Lee', 'Ann Lee'],
    ['mathematical bold', '𝐀𝐧𝐧', 'Ann'],
  ])('is normalised (NFKC): %s', (_, name, stored) => {
    expect(PlayerNameSchema.parse(name)).toBe(stored);
  });

  it.each([
    ['a Hangul filler', '\u3164'],
    ['a Hangul filler inside', 'An\u3164n'],
    ['a halfwidth Hangul filler (NFKC makes it a jungseong filler)', '\uFFA0'],
    ['a Hangul choseong filler', '\u115F'],
    ['the blank braille pattern', '\u2800'],
    ['a zero-width space', 'An\u200Bn'],
    ['a zero-width non-joiner', 'An\u200Cn'],
    ['a zero-width joiner between letters', 'An\u200Dn'],
    ['a zero-width joiner alone', '\u200D'],
    ['a zero-width joiner after an emoji, before nothing', 'Ann 👩\u200D'],
    ['a soft hyphen', 'An\u00ADn'],
    ['a word joiner', 'An\u2060n'],
    ['an invisible operator (U+2061-U+2064)', 'An\u2062n'],
    ['a byte-order mark', 'An\uFEFFn'],
    ['tag characters', `Ann\u{E0041}\u{E0042}`],
    ['a cancel tag', `Ann\u{E007F}`],
    ['a Mongolian vowel separator (format)', 'An\u180En'],
    ['a shorthand format control (format)', 'An\u{1BCA0}n'],
    ['a line separator', 'Ann\u2028Lee'],
    ['a paragraph separator', 'Ann\u2029Lee'],
    ['a right-to-left override', '\u202Enna'],
  ])('refuses %s', (_, name) => {
    expect(refusals(name)).toContain(INVISIBLE);
  });

  it.each([
    ['combining marks alone', '\u0301\u0301'],
    ['a variation selector alone', '\uFE0F'],
    ['a combining grapheme joiner', '\u034F'],
  ])('refuses a name that shows nothing: %s', (_, name) => {
    expect(refusals(name)).toContain(EMPTY);
  });

  it.each([['You'], ['you'], ['YOU'], ['y o u'], ['(you)'], ['You.'], ['Ｙｏｕ'], ['Ⓨⓞⓤ'], [' yOu ']])(
    'refuses the word the page calls its reader: %j',
    (name) => {
      expect(refusals(name)).toEqual([RESERVED]);
    },
  );

  it.each([
    ['Youssef'],
    ['You Jin'],
    ['Bayou'],
    ['Ann 👩‍👩‍👧'],
    ['🏳️‍🌈'],
    ['👩🏽‍💻'],
    ['👨‍❤️‍👨'],
    ['Zoë'],
    ['张伟'],
    ['مريم'],
    ['한글'],
    ['O’Neil'],
  ])('keeps %s as it is', (name) => {
    expect(PlayerNameSchema.parse(name)).toBe(name);
  });
});
