import { createRoute } from '@hono/zod-openapi';
import { AdvanceSchema, TestClockSchema } from '../schemas/test-clock';
import { bearer, documented, json } from './responses';

/** Where the test clock lives: a server without one answers 404 under it. */
export const TEST_CLOCK_PATH = '/v1/test-clock';

const WHERE =
  'Only a local or test server started with a test clock has it (`TEST_CLOCK=1 npm start`); any other (every server on AWS) answers `404`.';

export const getTestClock = documented(
  createRoute({
    method: 'get',
    path: TEST_CLOCK_PATH,
    operationId: 'getTestClock',
    tags: ['Testing'],
    summary: 'Read the test clock',
    description: `The time this server plays at. ${WHERE}`,
    security: bearer,
    responses: { 200: { description: 'The test clock.', ...json(TestClockSchema) } },
  }),
);

export const advanceTestClock = documented(
  createRoute({
    method: 'post',
    path: `${TEST_CLOCK_PATH}/advance`,
    operationId: 'advanceTestClock',
    tags: ['Testing'],
    summary: 'Move the test clock forward',
    description: `Moves the whole server’s time forward, then runs what fell due (turn timeouts, reminders, webhooks): a clocked game can be tested in seconds. Every game’s view shows the clock (\`testClock\`). No \`Idempotency-Key\`: a retry moves it again. ${WHERE}`,
    security: bearer,
    request: { body: { ...json(AdvanceSchema), required: true } },
    responses: { 200: { description: 'Moved.', ...json(TestClockSchema) } },
  }),
);
