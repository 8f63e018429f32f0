import { z } from '@hono/zod-openapi';

/** A player as others see them. */
export const PlayerSchema = z
  .object({
    id: z.string().openapi({ example: 'p_Xk3vT0d8Qq2bV9nR1mZsLw' }),
    name: z.string().openapi({ example: 'Ann' }),
  })
  .openapi('Player');

// Characters that make a text look like another or reorder what is shown around it (bidirectional
// controls, zero-width spaces, word joiner, byte-order mark): table talk refuses them.
export const SPOOFING = /[\u061C\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/u;

// What no name may hold, once normalised (INVISIBLE covers SPOOFING): control and format characters (zero-width, text-direction,
// soft hyphen, invisible operators, byte-order mark, tag characters), line and paragraph separators,
// and the letters that draw nothing (Hangul fillers, which NFKC makes of U+3164 and U+FFA0; the blank
// braille pattern). A zero-width joiner inside an emoji sequence ("👩‍💻") is not invisible: it is kept.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u115F\u1160\u3164\uFFA0\u2800\u{E0000}-\u{E007F}]/u;
const EMOJI_JOINER = /(?<=\p{Extended_Pictographic}[\u{1F3FB}-\u{1F3FF}\uFE0F]?)\u200D(?=\p{Extended_Pictographic})/gu;
const SHOWS_NOTHING = /^[\p{M}\p{White_Space}\p{Default_Ignorable_Code_Point}]*$/u;

/** What each player's page calls its reader, in letters: no player may be called so ("You", "(you)", "ＹＯＵ"). */
const RESERVED_NAMES: readonly string[] = ['you'];
const letters = (name: string) => name.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/**
 * A player's name as others see it: NFKC-normalised and trimmed, then 1-40 characters, nothing
 * invisible or that makes it look like another, something to see, and never the page's word for its reader.
 */
export const PlayerNameSchema = z
  .string()
  .normalize('NFKC')
  .trim()
  // Each refusal stops the checks after it: a name is refused for one reason, the first.
  .min(1, { abort: true })
  .max(40, { abort: true })
  .refine((name) => !/\p{Cs}/u.test(name), {
    message: 'must be well-formed Unicode (no unpaired surrogates)',
    abort: true,
  })
  .refine((name) => !INVISIBLE.test(name.replace(EMOJI_JOINER, '')), {
    message: 'must not contain control, invisible, format or text-direction characters',
    abort: true,
  })
  .refine((name) => !SHOWS_NOTHING.test(name), { message: 'must show at least one visible character', abort: true })
  .refine(
    (name) => !RESERVED_NAMES.includes(letters(name)),
    'must not be “You” (in any case or spacing): each player’s page calls its reader so',
  )
  .openapi({
    description:
      'The name other players see. It is normalised (Unicode NFKC: "Ｚｏë" is kept as "Zoë") and trimmed, then must be 1-40 characters; it must not contain control or format characters (zero-width, text-direction, soft hyphen, invisible operators, byte-order mark, tag characters), line or paragraph separators, or letters that draw nothing (Hangul fillers, the blank braille pattern); a zero-width joiner is kept only inside an emoji sequence. It must show at least one visible character, and must not be "You" in any case or spacing ("you", "(YOU)"): each player\'s page calls its reader so. A refused name is a 400 `request/invalid` with the issue on the name.',
    example: 'Ann',
  });

/** POST /v1/players body. */
export const NewPlayerSchema = z.object({ name: PlayerNameSchema }).strict().openapi('NewPlayer');

/** POST /v1/players reply: the token is shown once. */
export const RegisteredPlayerSchema = z
  .object({
    player: PlayerSchema,
    token: z.string().openapi({
      description: 'Bearer token for every other request. Shown only in this reply; keep it secret.',
      example: 'cf2.p_Xk3vT0d8Qq2bV9nR1mZsLw.Qk2vX0d8Qq2.c2lnbmF0dXJlLXNpZ25hdHVyZS1zaWduYXR1cmUtc2ln',
    }),
  })
  .openapi('RegisteredPlayer');

/** GET /v1/me (and PATCH) reply. */
export const MeSchema = z.object({ player: PlayerSchema }).openapi('Me');
