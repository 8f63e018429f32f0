import { createECDH } from 'node:crypto';
import fc from 'fast-check';

/** The largest body the app accepts by default (createApp's `bodyBytes`). */
export const BODY_LIMIT = 16 * 1024;

/** Strings that have broken parsers, validators and logs before. */
const NASTY = [
  '',
  ' ',
  '\u0000',
  '\uD800',
  '\uDFFF\uD800',
  '\u202Eevil',
  '\u200B',
  '\uFEFF',
  '😀👩‍👩‍👧',
  'Ǆ̈́',
  '١٢٣',
  '１２',
  'null',
  'true',
  'undefined',
  '-0',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e308',
  '1e400',
  '-1',
  '0x10',
  '0b1',
  '1_000',
  '9007199254740993',
  '6-4',
  '4-6',
  '99-99',
  '-1-0',
  'g_AAAAAAAAAAAAAAAAAAAAAA',
  'p_AAAAAAAAAAAAAAAAAAAAAA',
  '<script>alert(1)</script>',
  "' OR '1'='1",
  '{"$ne":null}',
  '${jndi:ldap://x/a}',
  '{{7*7}}',
  '../../etc/passwd',
  '%00',
  '%ZZ',
  '__proto__',
  'constructor',
  'toString',
  'a'.repeat(41),
  'a'.repeat(129),
  'K'.repeat(65),
];

/** Code points that break text handling: unpaired surrogates, direction overrides, invisible and separator characters. */
const ODD = [
  '\uD800',
  '\uDC00',
  '\u202E',
  '\u2066',
  '\u200B',
  '\u200D',
  '\uFEFF',
  '\u0000',
  '\u0085',
  '\u2028',
  '\u0301',
  '\uFFFF',
  '\u{10FFFF}',
];

/** Ordinary-looking text (any script, emoji) with one odd code point inside. */
export const oddText = fc
  .tuple(
    fc.string({ unit: 'grapheme', maxLength: 12 }),
    fc.constantFrom(...ODD),
    fc.string({ unit: 'grapheme', maxLength: 12 }),
  )
  .map(([a, odd, b]) => `${a}${odd}${b}`);

/** A string a client should not send: odd unicode, numbers as text, injections, empty, huge. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 2, arbitrary: oddText },
  { weight: 2, arbitrary: fc.string() },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 60 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 2_000, maxLength: 6_000 }) },
);

/** A number a client should not send: fractions, negatives, huge, -0, past 2^53. */
export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(1e308, -1e308, -0, 0.5, -1, 2 ** 53 + 2, Number.MAX_SAFE_INTEGER, 5e-324, 8, 9, 200, 201, 1000),
  fc.integer(),
  fc.double({ noNaN: true }),
);

/** Arrays and objects nested deeper than any client needs. */
const deep: fc.Arbitrary<unknown> = fc.integer({ min: 10, max: 2_000 }).map((depth) => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
});

/** Any JSON-able value of the wrong kind: strings, numbers, booleans, null, arrays, objects, deep nesting. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }),
  fc.object({ maxDepth: 2 }),
  fc.anything({ maxDepth: 3 }),
  deep,
);

/** Fields a client may not set (mass assignment), and keys that have fooled object handling. */
export const SMUGGLED = [
  'seat',
  'yourSeat',
  'playerId',
  'player',
  'score',
  'scores',
  'totals',
  'tiles',
  'yourTiles',
  'hands',
  'boneyard',
  'version',
  'status',
  'winners',
  'admin',
  'id',
  'inviteCode',
  '__proto__',
  'constructor',
];

/**
 * A body for a route that expects `valid`: mostly that object with one field set to a hostile value
 * (or to one of the field's `near` misses), removed, or smuggled in, sometimes a hostile value
 * instead of the whole object.
 */
export function mutated(
  valid: Record<string, unknown>,
  near: Record<string, fc.Arbitrary<unknown>> = {},
): fc.Arbitrary<unknown> {
  const fields = Object.keys(valid);
  const nearMisses = Object.entries(near).map(([k, arb]) => arb.map((v) => ({ ...valid, [k]: v })));
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc.tuple(fc.constantFrom(...fields), hostileValue).map(([k, v]) => ({ ...valid, [k]: v })),
    },
    ...nearMisses.map((arbitrary) => ({ weight: 4, arbitrary })),
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(...fields)
        .map((k) => Object.fromEntries(Object.entries(valid).filter(([f]) => f !== k))),
    },
    {
      weight: 3,
      arbitrary: fc
        .tuple(fc.constantFrom(...SMUGGLED), hostileValue)
        .map(
          ([k, v]) =>
            JSON.parse(
              `{${JSON.stringify(k)}:${JSON.stringify(v ?? null)},${JSON.stringify(valid).slice(1)}`,
            ) as unknown,
        ),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.oneof(oddText, fc.string({ unit: 'grapheme', minLength: 100, maxLength: 400 })), hostileValue)
        .map(([k, v]) => ({ ...valid, [k]: v })),
    },
    { weight: 2, arbitrary: hostileValue },
    { weight: 1, arbitrary: fc.constant(valid) },
  );
}

/** Body text: the JSON of a value, or text that is not JSON at all, or more than the app accepts. */
export function bodyText(value: fc.Arbitrary<unknown>): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 8, arbitrary: value.map((v) => JSON.stringify(v) ?? '') },
    { weight: 1, arbitrary: value.map((v) => (JSON.stringify(v) ?? '{}').slice(0, -1)) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '',
        '{',
        '{"seats":',
        'nul',
        "{'a':1}",
        '{"a":1,}',
        '[1,2',
        '\uFEFF{}',
        '{"n":1e400}',
        '{"n":NaN}',
        '{"a":"\\ud800"}',
        '{"a":1}{"b":2}',
        '\u0000',
      ),
    },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 1, max: 4 * BODY_LIMIT })
        .map((n) => JSON.stringify({ name: 'x'.repeat(BODY_LIMIT + n) })),
    },
    { weight: 1, arbitrary: fc.integer({ min: 100, max: 8_000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`) },
  );
}

/** A header value as HTTP can carry it (ISO-8859-1, no CR, LF or NUL); anything else becomes '?'. */
export const headerSafe = (text: string): string => text.replace(/[^\x20-\x7e\x80-\xff\t]/g, '?');

/** Percent-encodes text for a URL; an unpaired surrogate becomes the bytes UTF-8 forbids for it (%ED%A0%80). */
export const urlSafe = (text: string): string =>
  text
    .split(/\p{Cs}/u)
    .map(encodeURIComponent)
    .join('%ED%A0%80');

/** A browser's push keys (a P-256 point and 16 bytes), as `PushSubscription.toJSON()` gives them. */
export const DEVICE_KEYS = (() => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: 'AAECAwQFBgcICQoLDA0ODw' };
})();

/** Values close to a field's valid ones, per field name: where validation has to draw its lines. */
export const NEAR: Record<string, fc.Arbitrary<unknown>> = {
  name: fc.oneof(
    oddText,
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 45 }),
    fc.constantFrom('  Ann  ', 'A'.repeat(40), 'A'.repeat(41), '\t', 'Ann\nBob'),
  ),
  seats: fc.oneof(fc.integer({ min: -2, max: 10 }), fc.constantFrom(2.5, '2', -0, 1e308)),
  rules: fc.record(
    {
      set: fc.constantFrom(5, 6, 9, 12, 15, 16, '9'),
      handSize: fc.oneof(fc.integer({ min: -1, max: 140 }), fc.constant(1.5)),
      spokes: fc.constantFrom(3, 4, 6, 8),
      opening: fc.constantFrom('draw', 'next-highest', 'random', ''),
      turnHours: fc.constantFrom(0, 1, 24, 336, 337, 1.5, -24, '24', null),
      awayAfter: fc.constantFrom(0, 1, 2, 9, 100, 2.5, '2', null),
    },
    { requiredKeys: [] },
  ),
  inviteCode: fc.oneof(
    fc.constantFrom('{code}', ' {code} ', '{code}x', 'abcdefghjk', 'IIIIIIIIII', ''),
    fc.string({ minLength: 10, maxLength: 10 }),
  ),
  type: fc.constantFrom('play', 'draw', 'pass', 'announce', 'callout', 'PLAY', 'resign', ''),
  tile: fc.oneof(
    fc.constantFrom('6-4', '4-6', '06-4', ' 6-4', '6–4', '6-4\u0000', '99-99', '6-6', '7-0', '-1-0', '6-', '6'),
    fc.stringMatching(/^\d{1,3}-\d{1,3}$/),
  ),
  on: fc.oneof(fc.integer({ min: -1, max: 202 }), fc.constantFrom(0.5, '0', -0, null)),
  announce: fc.constantFrom(true, false, 'true', 1, null),
  level: fc.constantFrom('random', 'greedy', 'strong', 'GREEDY', 'genius', '', null, 3),
  seat: fc.oneof(fc.integer({ min: -1, max: 9 }), fc.constantFrom(1.5, '1', null)),
  hours: fc.oneof(fc.integer({ min: -1, max: 400 }), fc.constantFrom(0.5, '24', -0, 1e308, null)),
  endpoint: fc.constantFrom(
    'https://push.example.com/send/x',
    'http://push.example.com/send/x',
    'https://127.0.0.1/x',
    'https://10.0.0.1/x',
    'https://[::1]/x',
    'https://169.254.169.254/latest',
    'https://user:pw@push.example.com/x',
    'not a url',
    '',
  ),
  keys: fc.record(
    {
      p256dh: fc.constantFrom(DEVICE_KEYS.p256dh, DEVICE_KEYS.p256dh.slice(1), `BA${'A'.repeat(85)}`, '', '!!', null),
      auth: fc.constantFrom(DEVICE_KEYS.auth, 'AAECAwQFBgcICQoLDA0O', '', 'A'.repeat(300), 7),
    },
    { requiredKeys: [] },
  ),
  label: fc.constantFrom('', ' ', 'A'.repeat(60), 'A'.repeat(61), 'phone\u0000', '📱'),
};
