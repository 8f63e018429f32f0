import type { Context } from 'hono';
import { problem } from './problems';

interface Issue {
  path: PropertyKey[];
  message: string;
}

/**
 * Turns a failed request validation into a problem: a missing Idempotency-Key or If-Match gets its
 * own code (and If-Match its own status, 428); everything else is `request/invalid` with the issues
 * listed field by field.
 */
export function validationProblem(target: string, issues: readonly Issue[], c: Context): Response {
  if (target === 'header') {
    const missing = (name: string) => issues.some((i) => i.path[0] === name) && !c.req.header(name);
    if (missing('if-match')) return problem(c, 'request/if-match-required', 'Send the version you decided on as If-Match: "<version>" (the ETag of the game).');
    if (missing('idempotency-key')) {
      return problem(c, 'request/idempotency-key-required', 'Send an Idempotency-Key header (a fresh random UUID per change) so a retry cannot apply twice.');
    }
  }
  const listed = issues.map((issue) => ({
    path: wellFormed([target === 'json' ? 'body' : target, ...issue.path.map(String)].join('.')),
    message: wellFormed(issue.message),
  }));
  const detail = [...listed.map((i) => `${i.path}: ${i.message}`).join('; ')];
  return problem(c, 'request/invalid', detail.length > 500 ? `${detail.slice(0, 497).join('')}...` : detail.join(''), { issues: listed.slice(0, 20) });
}

/**
 * Text a client sent (a key, a value) may hold unpaired surrogates, which JSON can only carry as
 * escapes that strict parsers refuse: echo them as U+FFFD. (The detail is cut by code points, so
 * cutting it never splits a pair either.)
 */
function wellFormed(text: string): string {
  return text.replace(/\p{Cs}/gu, '\uFFFD');
}
