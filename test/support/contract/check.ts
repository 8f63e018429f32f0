/**
 * The conformance check: is a response one that openapi.yaml says its operation can give? Status
 * documented, content type declared, body under its schema, required headers present and well
 * formed. A response to something that is no operation (a garbage path, an undocumented method) must
 * be a refusal: a problem document (4xx/5xx) under the Problem schema; anything else from a path the
 * contract lacks fails, unless it is one of the site's pages the contract leaves out on purpose
 * (`OUTSIDE_CONTRACT`). HEAD is judged as the GET it stands for, with no body. Validators are
 * compiled once per worker.
 */
import type { ErrorObject } from 'ajv';
import { operationFor, type ResponseSpec } from './spec';
import { buildContract, type Contract } from './validators';

/** A response as any client received it. */
export interface Received {
  readonly method: string;
  /** The path requested, with or without its query string and origin. */
  readonly url: string;
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
}

/** What the check made of one response: the operation it was held to (null if none), and what was wrong. */
export interface Verdict {
  readonly operation: string | null;
  /** True when something was validated (not a docs page or a static file). */
  readonly checked: boolean;
  readonly problem: string | null;
}

const KEY = Symbol.for('chickenfoot.test.contract');
/** The contract's validators, kept on the worker's global object so every test file in it shares them. */
function contract(): Contract {
  const global = globalThis as { [KEY]?: Contract };
  return (global[KEY] ??= buildContract());
}

/** The contract's validators, for the checks beside this one (deliveries: webhook.ts). */
export const contractOf = (): Contract => contract();

/**
 * Headers HTTP itself adds or that describe the message, not the API: every other header an operation
 * sends must be one its response declares.
 */
const TRANSPORT = new Set([
  'content-type',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'date',
  'connection',
  'keep-alive',
  // Hygiene every answer carries, stated once in the document's description (not per response).
  'x-content-type-options',
  'referrer-policy',
  'x-frame-options',
  // CORS's, on an answer to a page of another origin (stated once in the document's description):
  // who may read it, and which headers it may read.
  'access-control-allow-origin',
  'access-control-expose-headers',
]);

/** The first header of a response that its documented response does not declare, if any. */
function undeclaredHeader(headers: Headers, documented: ResponseSpec): string | null {
  for (const [name, value] of headers.entries()) {
    // CORS's too, where the origins allowed are a list: the answer depends on who asks.
    const corsVary = name === 'vary' && value.trim().toLowerCase() === 'origin';
    if (!TRANSPORT.has(name) && !corsVary && !(name in documented.headers)) return name;
  }
  return null;
}

const mediaType = (headers: Headers) => (headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
const errorsText = (errors: ErrorObject[] | null | undefined) =>
  (errors ?? [])
    .slice(0, 5)
    .map((e) => `${e.instancePath || '(body)'} ${e.message ?? ''}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`)
    .join('; ');

/** Problem documents must also say their own status and carry the `type` of their `code`. */
function problemConsistency(body: { status?: unknown; code?: unknown; type?: unknown }, status: number): string | null {
  if (body.status !== status) return `problem says status ${String(body.status)} in a ${status} response`;
  if (body.type !== `/problems/${String(body.code)}`)
    return `problem type ${String(body.type)} for code ${String(body.code)}`;
  return null;
}

function parse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/**
 * What the site serves beside the API, which the contract leaves out on purpose (GET and HEAD only):
 * the web client's pages and assets (packages/web's routes), the docs with the document itself, the
 * problem types' pages and the rules.
 */
export const OUTSIDE_CONTRACT: readonly RegExp[] = [
  /^\/$/,
  /^\/(new|lobby|watch|rules)$/,
  /^\/join\/[^/]+$/,
  /^\/games\/[^/]+(\/replay)?$/,
  /^\/assets\/[^/]+$/,
  // The installable app's service worker and manifest.
  /^\/(sw\.js|app\.webmanifest)$/,
  /^\/docs$/,
  /^\/docs\/assets\/[^/]+\/[^/]+$/,
  /^\/openapi\.json$/,
  /^\/docs\/rules$/,
  /^\/problems(\/[^/]+\/[^/]+)?$/,
];

/** An answer from no operation: a refusal (a problem document), or one of the site's own pages. */
function judgeUnmatched(method: string, pathname: string, status: number, headers: Headers, text: string): Verdict {
  const type = mediaType(headers);
  const read = method === 'GET' || method === 'HEAD';
  if (read && OUTSIDE_CONTRACT.some((page) => page.test(pathname)))
    return { operation: null, checked: false, problem: null };
  const what = `no operation of openapi.yaml is ${method} ${pathname}, so only a problem document may answer it`;
  if (status < 400 || type !== 'application/problem+json')
    return { operation: null, checked: true, problem: `${what}, not a ${status} ${type || '(no content type)'}` };
  if (method === 'HEAD') return { operation: null, checked: true, problem: text ? 'a HEAD answer has a body' : null };
  const body = parse(text);
  if (!body.ok) return { operation: null, checked: true, problem: 'problem body is not JSON' };
  const validate = contract().validator('#/components/schemas/Problem');
  const problem = validate(body.value)
    ? problemConsistency(body.value as object, status)
    : `body fails Problem: ${errorsText(validate.errors)}`;
  // A path answering a method it does not have: #/components/responses/MethodNotAllowed, with Allow.
  if (!problem && status === 405 && !headers.get('allow')) {
    return { operation: null, checked: true, problem: 'a 405 without Allow' };
  }
  return { operation: null, checked: true, problem };
}

/** Judges one response against the contract. */
export function judge(received: Received): Verdict {
  const { status, headers, text } = received;
  const method = received.method.toUpperCase();
  const { spec, validator, validatorFor } = contract();
  const pathname = new URL(received.url, 'http://x').pathname;
  // HEAD is the GET it stands for, without the body (RFC 9110), unless the contract says otherwise.
  const head = method === 'HEAD' && !operationFor(spec, 'HEAD', pathname);
  const operation = operationFor(spec, head ? 'GET' : method, pathname);
  const type = mediaType(headers);
  if (!operation) return judgeUnmatched(method, pathname, status, headers, text);
  const id = operation.id;
  const documented: ResponseSpec | undefined =
    operation.responses[String(status)] ?? operation.responses[`${String(status)[0]}XX`] ?? operation.responses.default;
  if (!documented) return { operation: id, checked: true, problem: `status ${status} is not documented` };

  for (const [name, header] of Object.entries(documented.headers)) {
    const value = headers.get(name);
    if (value === null) {
      if (header.required) return { operation: id, checked: true, problem: `required header ${name} is missing` };
      continue;
    }
    if (header.schema) {
      const isInteger = (header.schema as { type?: unknown }).type === 'integer';
      const validate = validatorFor(header.schema, `${documented.pointer}/headers/${name}`);
      if (!validate(isInteger && /^-?\d+$/.test(value) ? Number(value) : value)) {
        return {
          operation: id,
          checked: true,
          problem: `header ${name}: ${JSON.stringify(value)} ${errorsText(validate.errors)}`,
        };
      }
    }
  }

  const undeclared = undeclaredHeader(headers, documented);
  if (undeclared) return { operation: id, checked: true, problem: `header ${undeclared} is sent but not declared` };

  const media = Object.keys(documented.content);
  if (head) return { operation: id, checked: true, problem: text ? 'a HEAD answer has a body' : null };
  if (media.length === 0) {
    return {
      operation: id,
      checked: true,
      problem: text ? `a ${status} has no body, but this one has ${text.length} bytes` : null,
    };
  }
  if (!media.includes(type)) {
    return {
      operation: id,
      checked: true,
      problem: `content type ${type || '(none)'}, documented: ${media.join(', ')}`,
    };
  }
  const body = parse(text);
  if (!body.ok) return { operation: id, checked: true, problem: `body is not JSON: ${text.slice(0, 80)}` };
  const pointer = `${documented.pointer}/content/${type.replace('/', '~1')}/schema`;
  const validate = validator(pointer);
  if (!validate(body.value)) return { operation: id, checked: true, problem: `body: ${errorsText(validate.errors)}` };
  if (type === 'application/problem+json') {
    return { operation: id, checked: true, problem: problemConsistency(body.value as object, status) };
  }
  return { operation: id, checked: true, problem: null };
}

/**
 * Throws when a response breaks the contract, naming the request, the operation, the status and
 * what is wrong; otherwise returns whether anything was validated.
 * @example await fetch(...).then(async (res) => assertConforms({ method, url, status: res.status, headers: res.headers, text: await res.text() }));
 */
export function assertConforms(received: Received): Verdict {
  const verdict = judge(received);
  if (verdict.problem) {
    throw new Error(
      `contract: ${received.method} ${received.url} (${verdict.operation ?? 'no operation'}) answered ${received.status}, ` +
        `which openapi.yaml does not allow: ${verdict.problem}\n  ${received.text.slice(0, 400)}`,
    );
  }
  return verdict;
}
