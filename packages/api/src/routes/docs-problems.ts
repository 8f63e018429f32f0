import { createHash } from 'node:crypto';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../app-deps';
import { problem } from '../http/problems';
import { PROBLEMS, problemType, type ProblemCode } from '../problems';
import { router } from './router';

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem;color:#222}
code{background:#f2f2f2;padding:0 .2em;border-radius:3px}h1 code{font-size:.8em}dt{font-weight:600;margin-top:1rem}
table{border-collapse:collapse}td,th{border-bottom:1px solid #ddd;padding:.2rem .6rem;text-align:left;vertical-align:top}`;
const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');

/** The pages' Content-Security-Policy: no script, one inline style. */
export const PAGE_CSP = `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
/** `a` in backquotes as <code>, the rest escaped. */
const inline = (text: string) => escape(text).replace(/`([^`]+)`/g, '<code>$1</code>');

/**
 * A page of this server's docs: plain HTML, no script.
 * @example page('Not your turn', '<p>…</p>')
 */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · Chickenfoot API</title>
<style>${STYLE}</style>
</head>
<body>
${body}
</body>
</html>
`;
}

// The explanations are words for people reading the docs: imported on the first page asked for, so
// a cold start that serves games never loads them.
const explanations = async () => (await import('../contract/problem-explanations')).EXPLANATIONS;

/** The page of one problem code: what happened, what to do, and how it is answered. */
export async function problemPage(code: ProblemCode): Promise<string> {
  const EXPLANATIONS = await explanations();
  const { status, title } = PROBLEMS[code];
  const { happened, todo } = EXPLANATIONS[code];
  return page(
    title,
    `<p><a href="/problems">Every problem</a> · <a href="/docs">API docs</a></p>
<h1>${escape(title)} <code>${escape(code)}</code></h1>
<p>Answered with HTTP <strong>${status}</strong> and an <code>application/problem+json</code> body whose <code>type</code> is <code>${escape(problemType(code))}</code> and <code>code</code> is <code>${escape(code)}</code>.</p>
<dl>
<dt>What happened</dt><dd>${inline(happened)}</dd>
<dt>What to do</dt><dd>${inline(todo)}</dd>
</dl>
<p>The <code>detail</code> of each problem says what happened that time; quote its <code>requestId</code> when you report one.</p>`,
  );
}

/** The list of every problem code, by status. */
export async function problemIndex(): Promise<string> {
  const EXPLANATIONS = await explanations();
  const rows = (Object.keys(PROBLEMS) as ProblemCode[])
    .sort((a, b) => PROBLEMS[a].status - PROBLEMS[b].status || a.localeCompare(b))
    .map(
      (code) =>
        `<tr><td>${PROBLEMS[code].status}</td><td><a href="${escape(problemType(code))}"><code>${escape(code)}</code></a></td><td>${inline(EXPLANATIONS[code].happened)}</td></tr>`,
    )
    .join('\n');
  return page(
    'Problems',
    `<p><a href="/docs">API docs</a></p>
<h1>Problems</h1>
<p>Every error of the API is an RFC 9457 problem document whose <code>code</code> is one of these; its <code>type</code> links here.</p>
<table><thead><tr><th>Status</th><th>Code</th><th>What happened</th></tr></thead><tbody>
${rows}
</tbody></table>`,
  );
}

/**
 * `GET /problems` and `GET /problems/<code>`: each problem `type` the API sends is a page of this
 * server that explains its code in words (HTML, no script). An unknown code is a 404 problem.
 * @example app.route('/', problemPages());
 */
export function problemPages(): OpenAPIHono<AppEnv> {
  const app = router();
  const headers = {
    'Content-Security-Policy': PAGE_CSP,
    'Cache-Control': 'public, max-age=3600',
    'X-Content-Type-Options': 'nosniff',
  };
  app.get('/problems', async (c) => c.html(await problemIndex(), 200, headers));
  app.get('/problems/:namespace/:name', async (c) => {
    const code = `${c.req.param('namespace')}/${c.req.param('name')}`;
    if (!Object.hasOwn(PROBLEMS, code)) {
      return problem(c, 'request/not-found', `There is no problem code ${code}: every code is listed at /problems.`);
    }
    return c.html(await problemPage(code as ProblemCode), 200, headers);
  });
  return app;
}
