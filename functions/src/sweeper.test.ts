import { randomUUID } from 'node:crypto';
import { testApi } from '@chickenfoot/api/testing';
import { createDynamoClient, ensureTable, openStore } from '@chickenfoot/store';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';

// The sweeper's Lambda handler as the schedule invokes it: the machine's time, the table from its
// environment. The game is made by an app whose clock is 25 hours behind, so its turn is overdue now.
afterEach(() => vi.restoreAllMocks());

describe('the sweeper Lambda handler', () => {
  it('makes the timeouts due now and logs its metrics as one Embedded Metric Format line', async () => {
    const endpoint = inject('dynamoEndpoint');
    const tableName = `sweeper-fn-${randomUUID()}`;
    const client = createDynamoClient({ endpoint });
    await ensureTable(client, tableName);
    Object.assign(process.env, { TABLE_NAME: tableName, DYNAMODB_ENDPOINT: endpoint, STAGE: 'test' });
    const store = openStore({ client, tableName });
    const past = Date.now() - 25 * 3_600_000;
    const { api } = await testApi(endpoint, { store, clock: () => past });
    const { gameId, tokens } = await api.startGame(2, { set: 6, turnHours: 24 });
    const before = (await api.view(tokens[0] as string, gameId)).body;

    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
    const { handler } = await import('./sweeper');
    const report = await handler();
    expect(report).toMatchObject({ due: 1, claimed: 1, failed: 0, effects: { applied: 1 } });
    expect(report.lagMs).toBeGreaterThanOrEqual(3_600_000 - 60_000);

    const emf = JSON.parse(lines.at(-1) as string);
    expect(emf._aws.CloudWatchMetrics).toEqual([
      {
        Namespace: 'Chickenfoot',
        Dimensions: [['Stage']],
        Metrics: expect.arrayContaining([{ Name: 'SweepLagMs', Unit: 'Milliseconds' }]),
      },
    ]);
    expect(emf).toMatchObject({ Stage: 'test', SweepLagMs: report.lagMs, SweepDue: 1, effects: { applied: 1 } });
    const after = (await api.view(tokens[0] as string, gameId)).body;
    expect(after.version).toBeGreaterThan(before.version);
    expect(after.seats[before.hand.turn].timeouts).toBe(1);
    // Nothing due any more: the next invocation finds nothing.
    expect(await handler()).toMatchObject({ due: 0 });
  });
});
