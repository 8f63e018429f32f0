// The sweeper's Lambda handler (functions/src/sweeper.ts) as the schedule invokes it: with a real
// EventBridge "Scheduled Event" and a Lambda context, on a table of the test dynalite reached through a
// proxy that counts what it asks of DynamoDB. The README's promises of it: at rest a sweep is 16 small
// Queries of the due index and nothing else; it makes the turn timeouts that are due and closes waiting
// games after 7 days; one Embedded Metric Format line a sweep (`SweepLagMs`: how late the oldest due
// item was; `SweepDue`), namespace `Chickenfoot`, dimension `Stage`; and it sweeps at the time it runs.
import { randomUUID } from 'node:crypto';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { testApi } from '@chickenfoot/api/testing';
import { createDynamoClient, ensureTable, openStore, type Store } from '@chickenfoot/store';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The README's figure: "16 small Queries when nothing is" due. */
const QUERIES_AT_REST = 16;

/** What EventBridge sends a scheduled rule's target, at `time`. */
const scheduledEvent = (time: Date) => ({
  version: '0',
  id: randomUUID(),
  'detail-type': 'Scheduled Event',
  source: 'aws.events',
  account: '123456789012',
  time: time.toISOString().replace(/\.\d{3}Z$/, 'Z'),
  region: 'eu-west-1',
  resources: ['arn:aws:events:eu-west-1:123456789012:rule/Chickenfoot-test-SweeperSchedule'],
  detail: {},
});
const context = {
  awsRequestId: randomUUID(),
  functionName: 'chickenfoot-sweeper',
  getRemainingTimeInMillis: () => 50_000,
};

/** A proxy in front of DynamoDB that records each request's operation and index. */
async function countingProxy(target: string) {
  const asked: { op: string; index: string | null; table: string | null }[] = [];
  const upstream = new URL(target);
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const input = JSON.parse(body.toString('utf8') || '{}') as { IndexName?: string; TableName?: string };
      const op =
        String(req.headers['x-amz-target'] ?? '')
          .split('.')
          .at(-1) ?? '';
      asked.push({ op, index: input.IndexName ?? null, table: input.TableName ?? null });
      const out = request(
        { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 500, answer.headers);
          answer.pipe(res);
        },
      );
      out.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    asked,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let proxy: Awaited<ReturnType<typeof countingProxy>>;
let store: Store;
let tableName: string;
let handler: (event: unknown, context: unknown) => Promise<Record<string, any>>;
const lines: string[] = [];

beforeAll(async () => {
  const endpoint = inject('dynamoEndpoint');
  tableName = `sweeper-handler-${randomUUID()}`;
  const client = createDynamoClient({ endpoint });
  await ensureTable(client, tableName);
  store = openStore({ client, tableName });
  proxy = await countingProxy(endpoint);
  Object.assign(process.env, { TABLE_NAME: tableName, DYNAMODB_ENDPOINT: proxy.url, STAGE: 'test' });
  vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
  ({ handler } = (await import('../../functions/src/sweeper')) as unknown as { handler: typeof handler });
});
afterAll(async () => {
  vi.restoreAllMocks();
  await proxy.close();
});

/** One invocation now; what it asked of DynamoDB, its report and its metrics line. */
async function invoke(time = new Date()) {
  const from = proxy.asked.length;
  const report = await handler(scheduledEvent(time), context);
  return { report, asked: proxy.asked.slice(from), emf: JSON.parse(lines.at(-1)!) as Record<string, any> };
}

/** An app on the handler's table whose clock is `msAgo` in the past. */
const appAt = async (msAgo: number) =>
  (await testApi(inject('dynamoEndpoint'), { store, clock: () => Date.now() - msAgo })).api;

describe('the sweeper Lambda handler, invoked by its schedule', () => {
  it('at rest, asks 16 Queries of the due index and nothing else, and logs SweepDue 0', async () => {
    const { report, asked, emf } = await invoke();
    expect(report).toMatchObject({ due: 0, claimed: 0, failed: 0 });
    expect(asked).toHaveLength(QUERIES_AT_REST);
    expect(new Set(asked.map((a) => `${a.op} ${a.index} ${a.table}`))).toEqual(new Set([`Query byDue ${tableName}`]));
    expect(emf).toMatchObject({
      Stage: 'test',
      SweepDue: 0,
      _aws: { CloudWatchMetrics: [{ Namespace: 'Chickenfoot', Dimensions: [['Stage']] }] },
    });
  });

  it('times out the turns that are due and closes a game that waited 7 days; its lag is the oldest item’s', async () => {
    // Two clocked games whose turns began 25 h and 27 h ago (24-hour clocks): 1 h and 3 h overdue. A
    // waiting game made 7 days and 2 h ago: due 2 h ago. One that waited 6 days: not yet.
    const late1 = await (await appAt(25 * HOUR)).startGame(2, { set: 6, turnHours: 24 });
    const late3 = await (await appAt(27 * HOUR)).startGame(2, { set: 6, turnHours: 24 });
    const old = await appAt(7 * DAY + 2 * HOUR);
    const ann = await old.register('Ann');
    const stale = (await old.createGame(ann.token, { seats: 3 })).body.game.id as string;
    const young = await appAt(6 * DAY);
    const bob = await young.register('Bob');
    const fresh = (await young.createGame(bob.token, { seats: 3 })).body.game.id as string;
    const { report, emf } = await invoke();
    expect(report).toMatchObject({ due: 3, claimed: 3, failed: 0, effects: { applied: 3 } });
    // How late the oldest due item was: the turn 3 h overdue (give or take the test's own seconds).
    expect(report.lagMs).toBeGreaterThanOrEqual(3 * HOUR - 60_000);
    expect(report.lagMs).toBeLessThanOrEqual(3 * HOUR + 60_000);
    expect(emf).toMatchObject({ Stage: 'test', SweepDue: 3, SweepLagMs: report.lagMs, effects: { applied: 3 } });
    const now = await appAt(0);
    for (const game of [late1, late3]) {
      const view = (await now.view(game.tokens[0]!, game.gameId)).body;
      expect(view.seats.map((s: { timeouts: number }) => s.timeouts).sort()).toEqual([0, 1]);
    }
    expect((await now.view(ann.token, stale)).body.status).toBe('cancelled');
    expect((await now.view(bob.token, fresh)).body.status).toBe('waiting');
    expect((await invoke()).report).toMatchObject({ due: 0 });
  });

  it('sweeps at the time it runs, whatever time the event says', async () => {
    const game = await (await appAt(25 * HOUR)).startGame(2, { set: 6, turnHours: 24 });
    // An event stamped two days back (a delayed delivery, say): the turn that is overdue now is still made.
    const { report } = await invoke(new Date(Date.now() - 2 * DAY));
    expect(report).toMatchObject({ due: 1, effects: { applied: 1 } });
    expect(Math.abs(Date.parse(report.now) - Date.now())).toBeLessThan(60_000);
    const view = (await (await appAt(0)).view(game.tokens[0]!, game.gameId)).body;
    expect(view.seats.map((s: { timeouts: number }) => s.timeouts).sort()).toEqual([0, 1]);
  });
});
