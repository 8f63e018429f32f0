import { describe, expect, it } from 'vitest';
import { sweepMetrics } from './metrics';
import type { SweepReport } from './sweeper';

const report = (effects: Record<string, number>, lagByKind: Record<string, number> = {}): SweepReport => ({
  now: '2026-12-01T10:00:00.000Z',
  due: 5,
  claimed: 5,
  busy: 0,
  failed: 0,
  unknown: 0,
  effects,
  lagMs: 1_000,
  lagByKind,
  complete: true,
  ms: 12,
});

describe('a sweep’s metrics', () => {
  it('count every webhook attempt, a notification’s first ones too, and the failed among them', () => {
    // notified: a commit's item (not an attempt); delivered/retry/gone: attempts; applied: a timeout.
    const emf = sweepMetrics(
      report({ notified: 2, delivered: 3, retry: 1, gone: 1, applied: 4 }, { 'webhook-delivery': 7_000 }),
      'Chickenfoot',
      { Stage: 'test' },
    );
    expect(emf).toMatchObject({ WebhookAttempts: 5, WebhookFailures: 2, WebhookLagMs: 7_000, SweepDue: 5 });
  });

  it('publish zeros when no webhook work was due', () => {
    expect(sweepMetrics(report({ applied: 1 }), 'Chickenfoot', { Stage: 'test' })).toMatchObject({
      WebhookAttempts: 0,
      WebhookFailures: 0,
      WebhookLagMs: 0,
    });
  });
});
