/**
 * `npm run bench:web`: the web client's figures, on `npm start` (run here in a child process, as a
 * newcomer would) and in the repo's headless Chromium.
 *   bundle   each asset a page loads, raw and gzipped (level 9, as the server sends it)
 *   load     a game page (a double-9 game a few moves in) opened LOADS times in a fresh browser
 *            context each, signed in: first contentful paint (the server-drawn frame), first render
 *            of the game itself (board, hand and seats drawn from the API's view) and time to
 *            interactive (the hand clickable, the page following the game); p50 and p90, from
 *            navigation start. The baseline, in the same loads: when the page's own first
 *            GET /v1/games/{id} had its reply (responseEnd), before which no client can draw the
 *            game; `vsView` is rendered / that, p50 (what the client adds after the API answered)
 *   idle     the requests one open game page makes per minute while nothing happens (IDLE_SECONDS,
 *            default 60)
 * The last line printed is one JSON object with the figures.
 */
import { gzipSync } from 'node:zlib';
import { launchBrowser, isolatedPage } from '../support/browser';
import { npmStart } from './npm-start';

const LOADS = 20;
const IDLE_SECONDS = Number(process.env.IDLE_SECONDS ?? 60);
const SESSION_KEY = 'chickenfoot:session';

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor(q * s.length))]! * 10) / 10;
};

async function api(baseUrl: string, method: string, path: string, token?: string, body?: unknown, ifMatch?: number) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      'idempotency-key': crypto.randomUUID(),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(ifMatch !== undefined ? { 'if-match': `"${ifMatch}"` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<any>;
}

/** Two players, a double-9 game, a few moves: a board with tiles on it, as a page would find it. */
async function gameInPlay(baseUrl: string) {
  const ann = await api(baseUrl, 'POST', '/v1/players', undefined, { name: 'Ann' });
  const bob = await api(baseUrl, 'POST', '/v1/players', undefined, { name: 'Bob' });
  const { game } = await api(baseUrl, 'POST', '/v1/games', ann.token, { seats: 2, rules: { set: 9 } });
  await api(baseUrl, 'POST', `/v1/games/${game.id}/join`, bob.token, { inviteCode: game.inviteCode });
  for (let i = 0; i < 12; i++) {
    for (const p of [ann, bob]) {
      const view = await api(baseUrl, 'GET', `/v1/games/${game.id}`, p.token);
      const move = view.legalMoves.find((m: { type: string }) => m.type === 'play' || m.type === 'pass');
      if (move) await api(baseUrl, 'POST', `/v1/games/${game.id}/moves`, p.token, move, view.version);
    }
  }
  return { id: game.id as string, ann };
}

const app = await npmStart();
const browser = await launchBrowser();
try {
  const { baseUrl } = app;
  const { id, ann } = await gameInPlay(baseUrl);
  const page = await (await fetch(`${baseUrl}/games/${id}`)).text();
  const bundle: Record<string, { raw: number; gzip: number }> = {};
  for (const [, path] of page.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)) {
    const bytes = new Uint8Array(
      await (await fetch(`${baseUrl}${path}`, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer(),
    );
    bundle[path!.split('/').at(-1)!] = { raw: bytes.byteLength, gzip: gzipSync(bytes, { level: 9 }).byteLength };
  }
  for (const [file, size] of Object.entries(bundle))
    console.log(`bundle  ${file}: ${size.raw} B raw, ${size.gzip} B gzip`);

  const me = { token: ann.token, player: ann.player };
  const signedIn = `localStorage.setItem(${JSON.stringify(SESSION_KEY)}, ${JSON.stringify(JSON.stringify(me))})`;
  const samples: { fcp: number; view: number; rendered: number; interactive: number }[] = [];
  for (let i = 0; i <= LOADS; i++) {
    const { page: tab, context } = await isolatedPage(browser, { viewport: { width: 1280, height: 800 } });
    await context.addInitScript(signedIn);
    await tab.goto(`${baseUrl}/games/${id}`);
    await tab.locator('body[data-ready=true]').waitFor();
    const marks = await tab.evaluate<{ fcp: number; view: number; rendered: number; interactive: number }>(`({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      view: performance.getEntriesByType('resource')
        .find((r) => new URL(r.name).pathname === '/v1/games/${id}')?.responseEnd ?? NaN,
      rendered: performance.getEntriesByName('chickenfoot:rendered')[0]?.startTime ?? NaN,
      interactive: performance.getEntriesByName('chickenfoot:interactive')[0]?.startTime ?? NaN,
    })`);
    await context.close();
    if (i > 0) samples.push(marks); // the first load warms the server and the browser's caches of code
  }
  const load = Object.fromEntries(
    (['fcp', 'view', 'rendered', 'interactive'] as const).map((k) => [
      k,
      {
        p50: quantile(
          samples.map((s) => s[k]),
          0.5,
        ),
        p90: quantile(
          samples.map((s) => s[k]),
          0.9,
        ),
      },
    ]),
  );
  const vsView = Math.round((load.rendered!.p50 / load.view!.p50) * 100) / 100;
  console.log(
    `load    ${LOADS} loads: first contentful paint p50 ${load.fcp!.p50} ms, the API's view in p50 ${load.view!.p50} ms, game rendered p50 ${load.rendered!.p50} ms (${vsView}x the view's arrival), interactive p50 ${load.interactive!.p50} ms (p90 ${load.interactive!.p90} ms)`,
  );

  const { page: idle, context } = await isolatedPage(browser, { viewport: { width: 1280, height: 800 } });
  await context.addInitScript(signedIn);
  await idle.goto(`${baseUrl}/games/${id}`);
  await idle.locator('body[data-ready=true]').waitFor();
  const requests: string[] = [];
  idle.on('request', (r) => requests.push(r.url()));
  await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
  const perMinute = Math.round((requests.length * 600) / IDLE_SECONDS) / 10;
  console.log(
    `idle    ${requests.length} requests in ${IDLE_SECONDS} s: ${perMinute} a minute (${[...new Set(requests.map((u) => new URL(u).pathname.replace(id, '{id}')))].join(', ')})`,
  );

  const total = Object.values(bundle).reduce((a, s) => ({ raw: a.raw + s.raw, gzip: a.gzip + s.gzip }), {
    raw: 0,
    gzip: 0,
  });
  console.log(
    JSON.stringify({
      bundle: { ...bundle, total },
      loads: LOADS,
      load,
      vsView,
      idle: { seconds: IDLE_SECONDS, requests: requests.length, perMinute },
    }),
  );
} finally {
  await browser.close();
  await app.stop();
}
