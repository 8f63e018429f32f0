import type { SweepReport } from './sweeper';

/**
 * The metrics one sweep publishes, by name: the lag (what the lag alarm reads) and what was due.
 * Two only: each custom metric costs $0.30 a month; the rest of the report is in the same log line,
 * for Logs Insights.
 */
export const SWEEP_METRICS = { lag: 'SweepLagMs', due: 'SweepDue' } as const;

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
          ],
        },
      ],
    },
    ...dimensions,
    [SWEEP_METRICS.lag]: report.lagMs,
    [SWEEP_METRICS.due]: report.due,
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
