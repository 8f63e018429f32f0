import { randomUUID } from 'node:crypto';
import { apiGatewayEvent, reportResponse, type ApiGatewayEventOptions } from '@chickenfoot/api/testing';
import { createDynamoClient, ensureTable } from '@chickenfoot/store';
import type { LambdaContext, LambdaEvent } from 'hono/aws-lambda';
import { beforeAll, describe, expect, inject, it } from 'vitest';

// The handler module reads its environment when loaded, as on Lambda: set it, then import it.
let handler: (
  event: LambdaEvent,
  context: LambdaContext,
) => Promise<{ statusCode: number; headers?: Record<string, string>; body: string; isBase64Encoded?: boolean }>;

beforeAll(async () => {
  const endpoint = inject('dynamoEndpoint');
  const tableName = `lambda-${randomUUID()}`;
  await ensureTable(createDynamoClient({ endpoint }), tableName);
  Object.assign(process.env, {
    TABLE_NAME: tableName,
    TOKEN_SECRET: 'lambda-test-secret-0123456789-abcdefghijkl',
    DYNAMODB_ENDPOINT: endpoint,
  });
  ({ handler } = (await import('./lambda')) as unknown as { handler: typeof handler });
});

const context = {
  awsRequestId: 'lambda-request',
  functionName: 'chickenfoot-api',
  getRemainingTimeInMillis: () => 29_000,
} as unknown as LambdaContext;

async function call(method: string, path: string, options: ApiGatewayEventOptions = {}, on = context) {
  const sent = apiGatewayEvent(method, path, options);
  const res = await handler(sent, on);
  // Checked against openapi.yaml, as every response the suites receive.
  const url = `${path}${options.query ? `?${options.query}` : ''}`;
  await reportResponse({ method, url, status: res.statusCode, headers: new Headers(res.headers), text: res.body });
  return {
    ...res,
    json: res.body ? JSON.parse(res.body) : null,
    requestId: (sent.requestContext as { requestId: string }).requestId,
  };
}

describe('the Lambda handler with API Gateway v2 events', () => {
  it('registers players, creates and joins a game, makes a move and reads the events', async () => {
    const ann = await call('POST', '/v1/players', { body: { name: 'Ann' } });
    expect(ann.statusCode).toBe(201);
    const bob = await call('POST', '/v1/players', { body: { name: 'Bob' } });
    const auth = (r: typeof ann) => ({ authorization: `Bearer ${r.json.token}`, 'idempotency-key': randomUUID() });

    const created = await call('POST', '/v1/games', { body: { seats: 2, rules: { set: 6 } }, headers: auth(ann) });
    expect(created.statusCode).toBe(201);
    const { id, inviteCode } = created.json.game;
    const joined = await call('POST', `/v1/games/${id}/join`, { body: { inviteCode }, headers: auth(bob) });
    expect(joined.statusCode).toBe(200);
    expect(joined.json.game.status).toBe('playing');

    const turn = joined.json.game.hand.turn === 0 ? ann : bob;
    const view = await call('GET', `/v1/games/${id}`, { headers: { authorization: `Bearer ${turn.json.token}` } });
    expect(view.headers?.etag).toBe(`"${view.json.version}"`);
    const move = view.json.legalMoves[0];
    const moved = await call('POST', `/v1/games/${id}/moves`, {
      body: move,
      headers: { ...auth(turn), 'if-match': `"${view.json.version}"` },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json.version).toBe(view.json.version + 1);

    const events = await call('GET', `/v1/games/${id}/events`, {
      query: 'after=0',
      headers: { authorization: `Bearer ${ann.json.token}` },
    });
    expect(events.statusCode).toBe(200);
    expect(events.json.commits.map((c: { version: number }) => c.version).at(-1)).toBe(moved.json.version);
  });

  it('ends a long-poll with its empty page before the function runs out of time, not with a timeout', async () => {
    // The function's timeout is 10 s (infra), a long-poll may ask for 20: held that long, it would be
    // killed mid-wait, a 5xx. With 2.6 s left, the wait ends 2 s before the end.
    const ann = await call('POST', '/v1/players', { body: { name: 'Ann' } });
    const headers = { authorization: `Bearer ${ann.json.token}` };
    const created = await call('POST', '/v1/games', {
      body: { seats: 2 },
      headers: { ...headers, 'idempotency-key': randomUUID() },
    });
    const late = { ...context, getRemainingTimeInMillis: () => 2_600 } as LambdaContext;
    const started = Date.now();
    const polled = await call(
      'GET',
      `/v1/games/${created.json.game.id}/events`,
      { query: `after=${created.json.version}&wait=20`, headers },
      late,
    );
    const took = Date.now() - started;
    expect([polled.statusCode, polled.json.commits]).toEqual([200, []]);
    expect(took).toBeGreaterThanOrEqual(500);
    expect(took).toBeLessThan(2_600);
  });

  it('answers errors as problem+json and carries API Gateway’s request id', async () => {
    const res = await call('GET', '/v1/me');
    expect(res.statusCode).toBe(401);
    expect(res.headers?.['content-type']).toBe('application/problem+json');
    expect(res.json.requestId).toBe(res.requestId);
    expect(res.headers?.['x-request-id']).toBe(res.requestId);
  });
});
