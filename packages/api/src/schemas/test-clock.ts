import { z } from '@hono/zod-openapi';
import { TimestampSchema } from './common';

/** A server's test clock, as `/v1/test-clock` and a game's view on that server show it. */
export const TestClockSchema = z
  .object({
    now: TimestampSchema.openapi({ description: 'The time this server plays at now (ISO 8601, UTC).' }),
    advancedHours: z
      .number()
      .min(0)
      .openapi({ description: 'How far it was moved forward, in hours, since the server started.' }),
  })
  .openapi('TestClock', {
    description:
      'A local or test server’s clock, moved forward on request (`POST /v1/test-clock/advance`); never on AWS.',
  });

/** POST /v1/test-clock/advance body. */
export const AdvanceSchema = z
  .object({
    hours: z
      .number()
      .int()
      .min(1)
      .max(8760)
      .openapi({ description: 'How many hours to move the clock forward (1-8760).' }),
  })
  .strict()
  .openapi('TestClockAdvance', { description: 'How far to move a test clock.' });
