import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { apiGatewayEvent, reportResponse, testApi, type ApiGatewayEventOptions } from '@chickenfoot/api/testing';
import { createDynamoClient, ensureTable, openStore } from '@chickenfoot/store';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DOCS_ASSET_DIR, DOCS_ASSET_FILES, REPO_ROOT, WEB_ASSET_DIR } from '@chickenfoot/infra/bundle';
import { parse } from 'yaml';
import { startContainer, type Container, type LambdaResult } from './container';
import { startFakeSecretsManager, type FakeSecretsManager } from './fake-secrets-manager';
import { synthBundled, type BundledFunction } from './synth-bundled';

// What would run on Lambda: `cdk synth` with real bundling, the handler file taken from the asset
// folder the template points at, imported by Node in a fresh worker with a Lambda-like environment,
// and driven with API Gateway v2 events against dynalite. The signing key comes from a stand-in
// Secrets Manager, by ARN, as in the stack. The tests share that one warm container and run in order:
// the last two read what the ones before left in its log and in the fake's request list.
const resolveFile = createRequire(import.meta.url).resolve;
const SECRET_ARN = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:chickenfoot-dev-token-AbCdEf';
const outdir = mkdtempSync(join(tmpdir(), 'chickenfoot-bundled-'));
let bundled: BundledFunction;
let sweeperBundle: BundledFunction;
let secrets: FakeSecretsManager;
let lambda: Container;

beforeAll(async () => {
  ({ api: bundled, sweeper: sweeperBundle } = synthBundled(outdir));
  const endpoint = inject('dynamoEndpoint');
  const tableName = `bundled-${randomUUID()}`;
  await ensureTable(createDynamoClient({ endpoint }), tableName);
  secrets = await startFakeSecretsManager(SECRET_ARN, randomUUID().replaceAll('-', '').repeat(2));
  lambda = await startContainer(pathToFileURL(bundled.handlerFile).href, {
    // What the template sets, with its references resolved as CloudFormation would.
    TABLE_NAME: tableName,
    TOKEN_SECRET_ARN: SECRET_ARN,
    // What the Lambda runtime sets: region and the role's credentials.
    AWS_REGION: 'eu-west-1',
    AWS_ACCESS_KEY_ID: 'ASIALAMBDAROLEKEY',
    AWS_SECRET_ACCESS_KEY: 'lambda-role-secret',
    AWS_SESSION_TOKEN: 'lambda-role-session',
    AWS_LAMBDA_FUNCTION_NAME: 'chickenfoot-api',
    // Test only: where "AWS" is.
    DYNAMODB_ENDPOINT: endpoint,
    AWS_ENDPOINT_URL_SECRETS_MANAGER: secrets.endpoint,
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    // Every request line (by default one in 100 of those that went well is kept).
    LOG_SAMPLE_REQUESTS: '1',
    // What `npm start` reads to get a test clock: asked for here, and ignored (the Lambda entry has none).
    TEST_CLOCK: '1',
  });
}, 60_000);

afterAll(async () => {
  await lambda?.stop();
  await secrets?.close();
  rmSync(outdir, { recursive: true, force: true });
});

/** Invokes the handler; `json` is the parsed reply, loosely typed: the tests check it field by field. */
async function call(
  method: string,
  path: string,
  options: ApiGatewayEventOptions = {},
): Promise<LambdaResult & { json: any }> {
  const result = await lambda.invoke(apiGatewayEvent(method, path, options));
  // Checked against openapi.yaml, as every response the suites receive.
  const url = `${path}${options.query ? `?${options.query}` : ''}`;
  const text = Buffer.from(result.body ?? '', result.isBase64Encoded ? 'base64' : 'utf8').toString('utf8');
  await reportResponse({ method, url, status: result.statusCode, headers: new Headers(result.headers), text });
  const json = result.body && result.headers?.['content-type']?.includes('json') ? JSON.parse(result.body) : null;
  return { ...result, json };
}

describe('the bundled Lambda handler', () => {
  it('is one ESM entry, its chunks and source maps, in the asset the template deploys, with the environment we expect', () => {
    expect(readdirSync(bundled.assetDir).sort()).toEqual(['chunks', 'index.mjs', 'index.mjs.map', 'node_modules']);
    // What only the docs read comes in chunks of their own (see bundleLoad's test for which are read at start).
    const chunks = readdirSync(join(bundled.assetDir, 'chunks')).filter((f) => f.endsWith('.mjs'));
    expect(chunks.filter((f) => /^(document|problem-explanations)-/.test(f))).toHaveLength(2);
    // Beside it, as packages the app resolves: the docs' assets and the web client's, and nothing else.
    const docs = readdirSync(join(bundled.assetDir, DOCS_ASSET_DIR)).sort();
    expect(docs).toEqual([...DOCS_ASSET_FILES].sort());
    expect(readdirSync(join(bundled.assetDir, 'node_modules')).sort()).toEqual(['@chickenfoot', 'swagger-ui-dist']);
    expect(readdirSync(join(bundled.assetDir, WEB_ASSET_DIR)).sort()).toEqual(['dist', 'package.json']);
    const manifest = JSON.parse(readFileSync(join(bundled.assetDir, WEB_ASSET_DIR, 'dist/manifest.json'), 'utf8'));
    expect(Object.keys(manifest).sort()).toEqual([
      'icon-192.png',
      'icon-512.png',
      'icon.svg',
      'main.js',
      'rules.html',
      'style.css',
      'sw.js',
    ]);
    const source = readFileSync(bundled.handlerFile, 'utf8');
    expect(source).toMatch(/\/\/# sourceMappingURL=index\.mjs\.map\s*$/);
    // A CommonJS dependency would leave esbuild's require shim, which throws for Node built-ins in ESM.
    expect(source).not.toContain('Dynamic require of');
    expect(Object.keys(bundled.environment).sort()).toEqual([
      'NODE_OPTIONS',
      'TABLE_NAME',
      'TOKEN_SECRET_ARN',
      'VAPID_SECRET_ARN',
    ]);
  });

  it('registers players, creates and joins a game, makes a move and reads the events', async () => {
    const ann = await call('POST', '/v1/players', { body: { name: 'Ann' } });
    expect(ann.statusCode).toBe(201);
    expect(ann.json.player.name).toBe('Ann');
    const bob = await call('POST', '/v1/players', { body: { name: 'Bob' } });
    const auth = (player: typeof ann) => ({
      authorization: `Bearer ${player.json.token}`,
      'idempotency-key': randomUUID(),
    });

    const created = await call('POST', '/v1/games', { body: { seats: 2, rules: { set: 6 } }, headers: auth(ann) });
    expect(created.statusCode).toBe(201);
    const { id, inviteCode } = created.json.game;
    const joined = await call('POST', `/v1/games/${id}/join`, { body: { inviteCode }, headers: auth(bob) });
    expect(joined.statusCode).toBe(200);

    // Whoever's turn it is finds a legal move in their own view.
    const views = await Promise.all(
      [ann, bob].map(async (p) => ({
        p,
        view: await call('GET', `/v1/games/${id}`, { headers: { authorization: `Bearer ${p.json.token}` } }),
      })),
    );
    const mover = views.find(({ view }) => view.json.legalMoves.length > 0);
    expect(mover).toBeDefined();
    const { p: player, view } = mover!;
    expect(view.statusCode).toBe(200);
    expect(view.headers?.etag).toBe(`"${view.json.version}"`);
    const moved = await call('POST', `/v1/games/${id}/moves`, {
      body: view.json.legalMoves[0],
      headers: { ...auth(player), 'if-match': `"${view.json.version}"` },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json.version).toBe(view.json.version + 1);

    const events = await call('GET', `/v1/games/${id}/events`, {
      query: 'after=0',
      headers: { authorization: `Bearer ${ann.json.token}` },
    });
    expect(events.statusCode).toBe(200);
    expect(events.json.commits.map((c: { version: number }) => c.version)).toEqual(
      Array.from({ length: moved.json.version }, (_, i) => i + 1),
    );
    expect(events.json.version).toBe(moved.json.version);
  });

  it('serves the web client at / with its content-hashed assets, cached for good', async () => {
    const home = await call('GET', '/');
    expect(home.statusCode).toBe(200);
    expect(home.headers?.['content-type']).toMatch(/^text\/html/);
    expect(home.headers?.['content-security-policy']).toContain("default-src 'none'");
    expect(home.body).toContain('href="/docs"');
    const game = await call('GET', '/games/g_3q2-7wEvQ_6pXJ5Rk1ZPaA');
    expect(game.statusCode).toBe(200);
    expect(game.body).toContain('data-page="game"');
    const assets = [...(home.body ?? '').matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    expect(new Set(assets).size).toBe(3);
    for (const path of new Set(assets)) {
      expect(path).toMatch(/^\/assets\/(main|style|icon)-[A-Z0-9]{8}\.(js|css|svg)$/);
      const res = await call('GET', path, { headers: { 'accept-encoding': 'gzip' } });
      expect(res.statusCode, path).toBe(200);
      expect(res.headers?.['cache-control']).toBe('public, max-age=31536000, immutable');
      const bytes = Buffer.from(res.body!, res.isBase64Encoded ? 'base64' : 'utf8');
      const file = res.headers?.['content-encoding'] === 'gzip' ? gunzipSync(bytes) : bytes;
      // Byte for byte what the bundle carries.
      const name = path.split('/').at(-1)!;
      expect(file.equals(readFileSync(join(bundled.assetDir, WEB_ASSET_DIR, 'dist', name))), path).toBe(true);
    }
    expect((await call('GET', '/assets/main-NOTBUILT.js')).statusCode).toBe(404);
    // The rules page, drawn from docs/rules.md when the bundle was built: its tables too.
    const rules = await call('GET', '/rules');
    expect(rules.statusCode).toBe(200);
    expect(rules.body).toContain('<h1>Chickenfoot: the rules this server plays</h1>');
    expect(rules.body).toMatch(/<table>[\s\S]*rules\/suit-mismatch[\s\S]*<\/table>/);
  });

  it('serves the OpenAPI document and the docs page the stack outputs, with its assets', async () => {
    const openapi = await call('GET', '/openapi.json');
    expect(openapi.statusCode).toBe(200);
    expect(openapi.json.openapi).toMatch(/^3\./);
    // The document and the problems' words load on first use, from the bundle's chunks: whole.
    expect(openapi.json).toEqual(parse(readFileSync(join(REPO_ROOT, 'openapi.yaml'), 'utf8')));
    const notYourTurn = await call('GET', '/problems/rules/not-your-turn');
    expect(notYourTurn.statusCode).toBe(200);
    expect(notYourTurn.body).toMatch(/<dt>What happened<\/dt><dd>\S/);
    const docs = await call('GET', '/docs');
    expect(docs.statusCode).toBe(200);
    expect(docs.headers?.['content-type']).toMatch(/^text\/html/);
    expect(docs.body).not.toMatch(/https?:\/\//);
    const assets = [...(docs.body ?? '').matchAll(/(?:src|href)="(\/docs\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    expect(assets).toHaveLength(3);
    for (const path of assets) {
      // As a browser asks: gzip, which a Lambda returns base64-encoded, well under its 6 MB reply limit.
      const res = await call('GET', path, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(res.statusCode, path).toBe(200);
      expect(res.headers?.['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.isBase64Encoded).toBe(true);
      expect(res.body!.length).toBeLessThan(6 * 1024 * 1024);
      const bytes = Buffer.from(res.body!, 'base64');
      const file = res.headers?.['content-encoding'] === 'gzip' ? gunzipSync(bytes) : bytes;
      // Byte for byte the pinned package's file.
      expect(file.equals(readFileSync(resolveFile(`swagger-ui-dist/${path.split('/').at(-1)}`))), path).toBe(true);
    }
    const bundle = assets.find((path) => path.endsWith('swagger-ui-bundle.js'))!;
    const plain = await call('GET', bundle);
    expect(plain.isBase64Encoded).toBe(false);
    expect(plain.body!.length).toBeGreaterThan(1_500_000);
    expect(plain.body!.length).toBeLessThan(6 * 1024 * 1024);
  });

  it('has no test clock, even asked for one: its paths are no route (404), and no game shows one', async () => {
    const ann = await call('POST', '/v1/players', { body: { name: 'Ann' } });
    const headers = { authorization: `Bearer ${ann.json.token}` };
    for (const [method, path] of [
      ['GET', '/v1/test-clock'],
      ['POST', '/v1/test-clock/advance'],
    ] as const) {
      const res = await call(method, path, { headers, ...(method === 'POST' ? { body: { hours: 24 } } : {}) });
      expect(res.statusCode, path).toBe(404);
      expect(res.json.code).toBe('request/not-found');
    }
    const created = await call('POST', '/v1/games', {
      body: { seats: 2 },
      headers: { ...headers, 'idempotency-key': randomUUID() },
    });
    const view = await call('GET', `/v1/games/${created.json.game.id as string}`, { headers });
    expect(view.statusCode).toBe(200);
    expect(view.json).not.toHaveProperty('testClock');
  });

  it('answers errors as problem+json', async () => {
    const res = await call('GET', '/v1/games/nope', { headers: { authorization: 'Bearer not-a-token' } });
    expect(res.statusCode).toBe(401);
    expect(res.headers?.['content-type']).toBe('application/problem+json');
  });

  it("logs one JSON line per request, with API Gateway's request id and never a token", async () => {
    // The worker's stdout reaches this thread asynchronously, possibly after the last reply did.
    await expect.poll(() => lambda.logs().trim().split('\n').length).toBeGreaterThanOrEqual(15);
    const lines = lambda
      .logs()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { requestId?: string; status?: number });
    for (const line of lines) expect(line.requestId).toMatch(/^apigw-/);
    expect(lambda.logs()).not.toMatch(/cf\d\.p_/);
  });

  it('read the signing key from Secrets Manager once for the container, with the role credentials from the environment', () => {
    expect(secrets.requests).toHaveLength(1);
    expect(secrets.requests[0]).toMatchObject({ target: 'secretsmanager.GetSecretValue', secretId: SECRET_ARN });
    expect(secrets.requests[0]?.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=ASIALAMBDAROLEKEY\/\d{8}\/eu-west-1\/secretsmanager\/aws4_request/,
    );
  });
});

describe('the bundled sweeper', () => {
  it('makes the timeouts due now on the table it is given, and logs its metrics line', async () => {
    const endpoint = inject('dynamoEndpoint');
    const client = createDynamoClient({ endpoint });
    const tableName = `bundled-sweeper-${randomUUID()}`;
    await ensureTable(client, tableName);
    // A game whose turn began 25 hours ago, on a 24-hour clock: overdue now.
    const past = Date.now() - 25 * 3_600_000;
    const { api } = await testApi(endpoint, { store: openStore({ client, tableName }), clock: () => past });
    const { gameId, tokens } = await api.startGame(2, { set: 6, turnHours: 24 });
    expect(sweeperBundle.environment).toMatchObject({ STAGE: 'dev' });
    // A bundle of its own, without the docs' assets: it serves no page.
    expect(readdirSync(sweeperBundle.assetDir).sort()).toEqual(['chunks', 'index.mjs', 'index.mjs.map']);
    const sweeper = await startContainer(pathToFileURL(sweeperBundle.handlerFile).href, {
      TABLE_NAME: tableName,
      STAGE: 'dev',
      AWS_REGION: 'eu-west-1',
      AWS_ACCESS_KEY_ID: 'ASIALAMBDAROLEKEY',
      AWS_SECRET_ACCESS_KEY: 'lambda-role-secret',
      AWS_SESSION_TOKEN: 'lambda-role-session',
      DYNAMODB_ENDPOINT: endpoint,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    });
    try {
      // What EventBridge sends on a schedule; the sweeper reads only the time of its invocation.
      const scheduled = { source: 'aws.events', 'detail-type': 'Scheduled Event', detail: {} } as never;
      const report = (await sweeper.invoke(scheduled)) as unknown as { due: number; effects: Record<string, number> };
      expect(report).toMatchObject({ due: 1, effects: { applied: 1 } });
      const view = (await api.view(tokens[0] as string, gameId)).body;
      expect(view.seats.map((s: { timeouts: number }) => s.timeouts).sort()).toEqual([0, 1]);
      await expect.poll(() => sweeper.logs()).toContain('"SweepLagMs"');
      const emf = JSON.parse(sweeper.logs().trim().split('\n').at(-1) as string);
      expect(emf).toMatchObject({
        Stage: 'dev',
        effects: { applied: 1 },
        _aws: { CloudWatchMetrics: [{ Namespace: 'Chickenfoot' }] },
      });
    } finally {
      await sweeper.stop();
    }
  });
});
