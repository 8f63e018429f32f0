import { DELIVERY_DUE } from '@chickenfoot/store';
import { FAILED_EFFECTS } from '../webhooks/attempt';
import type { SweepReport } from './sweeper';

/**
 * The metrics one sweep publishes, by name: the lag (what the lag alarm reads) and what was due; for
 * webhooks, the attempts made, how many failed (the failure-rate alarm divides them) and how late the
 * oldest due delivery attempt was (the pending-delivery alarm). Few: each custom metric costs $0.30 a
 * month; the rest of the report is in the same log line, for Logs Insights.
 */
export const SWEEP_METRICS = {
  lag: 'SweepLagMs',
  due: 'SweepDue',
  webhookAttempts: 'WebhookAttempts',
  webhookFailures: 'WebhookFailures',
  webhookLag: 'WebhookLagMs',
} as const;

/**
 * A sweep's report as one CloudWatch Embedded Metric Format record: logged as one JSON line, it
 * becomes metrics with no API call (and no permission beyond writing logs). The lag is what the lag
 * alarm watches: how late the oldest item due was when the sweep found it.
 * @example console.log(JSON.stringify(sweepMetrics(report, 'Chickenfoot', { Stage: 'prod' })));
 */
export function sweepMetrics(
  report: SweepReport,
  namespace: string,
  dimensions: Readonly<Record<string, string>>,
): Record<string, unknown> {
  const failed = FAILED_EFFECTS.reduce((sum, effect) => sum + (report.effects[effect] ?? 0), 0);
  return {
    _aws: {
      Timestamp: Date.parse(report.now),
      CloudWatchMetrics: [
        {
          Namespace: namespace,
          Dimensions: [Object.keys(dimensions)],
          Metrics: [
            { Name: SWEEP_METRICS.lag, Unit: 'Milliseconds' },
            { Name: SWEEP_METRICS.due, Unit: 'Count' },
            { Name: SWEEP_METRICS.webhookAttempts, Unit: 'Count' },
            { Name: SWEEP_METRICS.webhookFailures, Unit: 'Count' },
            { Name: SWEEP_METRICS.webhookLag, Unit: 'Milliseconds' },
          ],
        },
      ],
    },
    ...dimensions,
    [SWEEP_METRICS.lag]: report.lagMs,
    [SWEEP_METRICS.due]: report.due,
    [SWEEP_METRICS.webhookAttempts]: failed + (report.effects.delivered ?? 0),
    [SWEEP_METRICS.webhookFailures]: failed,
    [SWEEP_METRICS.webhookLag]: report.lagByKind[DELIVERY_DUE] ?? 0,
    msg: 'sweep',
    claimed: report.claimed,
    busy: report.busy,
    failed: report.failed,
    unknown: report.unknown,
    effects: report.effects,
    complete: report.complete,
    ms: report.ms,
  };
}
