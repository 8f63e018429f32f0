import type { SweepReport } from './sweeper';

/** The metrics one sweep publishes, by name: what the sweeper's alarms and dashboards read. */
export const SWEEP_METRICS = {
  lag: 'SweepLagMs',
  due: 'SweepDue',
  failed: 'SweepFailed',
  applied: 'TimeoutsApplied',
  duration: 'SweepMs',
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
  const values: Record<string, number> = {
    [SWEEP_METRICS.lag]: report.lagMs,
    [SWEEP_METRICS.due]: report.due,
    [SWEEP_METRICS.failed]: report.failed,
    [SWEEP_METRICS.applied]: report.effects.applied ?? 0,
    [SWEEP_METRICS.duration]: report.ms,
  };
  const unit = (name: string) => (name.endsWith('Ms') ? 'Milliseconds' : 'Count');
  return {
    _aws: {
      Timestamp: Date.parse(report.now),
      CloudWatchMetrics: [
        {
          Namespace: namespace,
          Dimensions: [Object.keys(dimensions)],
          Metrics: Object.keys(values).map((Name) => ({ Name, Unit: unit(Name) })),
        },
      ],
    },
    ...dimensions,
    ...values,
    msg: 'sweep',
    effects: report.effects,
    complete: report.complete,
  };
}
