/**
 * How the contract writes problem responses: one shared `Problem` schema, and for each status an
 * operation can answer with, the codes of that status as an enum beside it. A status with one code is
 * a named response (`#/components/responses/GameNotFound`) shared by every operation that gives it; a
 * status with several codes is written inline in the operation. Either way a generated client types
 * `code` as exactly that status's union (checked with openapi-typescript, @hey-api/openapi-ts, orval).
 */
import { PROBLEMS, problemType, type ProblemCode } from '../problems';
import { problemHeaders } from './headers';

const PROBLEM = { $ref: '#/components/schemas/Problem' };

/** `game/not-found` → `GameNotFound`: the name of a code's shared response. */
export const responseName = (code: ProblemCode) =>
  code
    .split(/[/-]/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');

/** The page that explains `code`, as a Markdown link (Swagger UI and redocly render it). */
const link = (code: ProblemCode) => `[\`${code}\`](${problemType(code)})`;

/** The schema of a response whose problems have one of `codes`: the Problem, its `code` narrowed. */
function narrowed(codes: readonly ProblemCode[]) {
  const code = { type: 'string' as const, enum: [...codes] };
  // With a version mismatch (or a turn that timed out) the current version is always sent: a client may rely on it.
  const current = codes.every((c) => c === 'request/version-mismatch' || c === 'game/turn-timed-out');
  const narrowing: { type: 'object'; properties: Record<string, object>; required: string[] } = current
    ? {
        type: 'object' as const,
        properties: { code, currentVersion: { type: 'integer' as const, minimum: 0 } },
        required: ['code', 'currentVersion'],
      }
    : { type: 'object' as const, properties: { code }, required: ['code'] };
  return { allOf: [PROBLEM, narrowing] };
}

/** One problem response, written out: its description links each code's page. */
function response(status: number, codes: readonly ProblemCode[]) {
  const description =
    codes.length === 1
      ? `${link(codes[0]!)}: ${PROBLEMS[codes[0]!].title}.`
      : // The codes are the schema's enum: listed once, there.
        `One of its \`code\` enum's ${codes.length} codes, each explained at \`/problems/<code>\`.`;
  return {
    description,
    headers: problemHeaders(status),
    content: { 'application/problem+json': { schema: narrowed(codes) } },
  };
}

/**
 * The shared response of each code (`components/responses`). (No example: a generator makes one from
 * the schema, and ~60 of them would be a sixth of the document.)
 */
export function sharedProblemResponses(codes: readonly ProblemCode[]) {
  return Object.fromEntries(codes.map((code) => [responseName(code), response(PROBLEMS[code].status, [code])]));
}

/** The codes an operation answers alone at their status: those it refers to by a shared response. */
export function singlyAnswered(codes: readonly ProblemCode[]): ProblemCode[] {
  const byStatus = groupByStatus(codes);
  return [...byStatus.values()].flatMap((list) => (list.length === 1 ? list : []));
}

function groupByStatus(codes: readonly ProblemCode[]): Map<number, ProblemCode[]> {
  const byStatus = new Map<number, ProblemCode[]>();
  for (const code of codes) {
    const { status } = PROBLEMS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return byStatus;
}

/**
 * The answer of a path to a method it does not have (no operation's, so documented once): `405`
 * with `Allow` naming the methods it has.
 */
export const METHOD_NOT_ALLOWED = {
  description: `${link('request/method-not-allowed')}: the path exists, but not with this method. \`Allow\` lists the methods it has. Any path of the API may answer it.`,
  headers: {
    'X-Request-Id': { $ref: '#/components/headers/RequestId' },
    Allow: { $ref: '#/components/headers/Allow' },
  },
  content: { 'application/problem+json': { schema: narrowed(['request/method-not-allowed']) } },
};

/**
 * The problem responses of an operation that can answer with `codes`, by status: a reference to the
 * shared response where a status has one code, the response written out where it has several.
 * @example problemResponses(['game/not-found', 'rules/not-your-turn', 'rules/invalid-tile'])
 */
export function problemResponses(codes: readonly ProblemCode[]) {
  return Object.fromEntries(
    [...groupByStatus(codes)]
      .sort(([a], [b]) => a - b)
      .map(([status, list]) => [
        status,
        list.length === 1 ? { $ref: `#/components/responses/${responseName(list[0]!)}` } : response(status, list),
      ]),
  );
}
