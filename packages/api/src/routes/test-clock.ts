import type { TestClockOption } from '../app-deps';
import { advanceTestClock, getTestClock } from '../contract/test-clock';
import { openapi, router } from './router';

const HOUR = 3_600_000;

/**
 * The test clock as the API shows it.
 * @example c.json(testClockState(clock))
 */
export const testClockState = ({ clock }: TestClockOption) => ({
  now: new Date(clock.now()).toISOString(),
  advancedHours: clock.advancedMs / HOUR,
});

/** `/v1/test-clock`: read it, and move it forward (then what fell due runs). Mounted only with a test clock. */
export function testClockRoutes(testClock: TestClockOption) {
  const app = router();
  openapi(app, getTestClock, (c) => c.json(testClockState(testClock), 200));
  openapi(app, advanceTestClock, (c) => {
    testClock.clock.advance(c.req.valid('json').hours * HOUR);
    testClock.onAdvance?.();
    return c.json(testClockState(testClock), 200);
  });
  return app;
}
