import type { Mutation } from './mutation';

// The app package now holds the webhooks, the sweeper and the bots' chain; the HTTP limits stay in api.
const A = 'packages/app/src/';
const H = 'packages/api/src/';

/** The app's webhooks, sweeper, bots and limits (packages/api, to move with it): the README's figures. */
export const APP_MUTATIONS: readonly Mutation[] = [
  {
    id: 'app/retry-14h-to-12h',
    file: `${A}webhooks/schedule.ts`,
    search: '  14 * 3_600_000,',
    replace: '  12 * 3_600_000,',
    tests: ['test/webhooks/deliveries.test.ts'],
  },
  {
    id: 'app/retry-after-uncapped',
    file: `${A}webhooks/schedule.ts`,
    search: 'Math.min(retryAfterMs, MAX_RETRY_AFTER_MS)',
    replace: 'retryAfterMs',
    tests: ['test/webhooks/deliveries.test.ts'],
  },
  {
    id: 'app/jitter-20-percent',
    file: `${A}webhooks/schedule.ts`,
    search: 'const JITTER = 0.1;',
    replace: 'const JITTER = 0.2;',
    tests: ['test/webhooks/deliveries.test.ts'],
  },
  {
    id: 'app/endpoint-games-ignored',
    file: `${A}webhooks/endpoints.ts`,
    search: '(endpoint.games === null || endpoint.games.includes(gameId))',
    replace: 'true',
    tests: ['test/webhooks/game-filter.test.ts'],
  },
  {
    id: 'app/eleven-endpoints',
    file: `${A}webhooks/endpoint-decider.ts`,
    search: 'export const MAX_ENDPOINTS = 10;',
    replace: 'export const MAX_ENDPOINTS = 11;',
    tests: ['test/webhooks/endpoints.test.ts'],
  },
  {
    id: 'app/reminder-at-75',
    file: `${A}games/turn-clock.ts`,
    search: 'export const REMINDER_AT = 0.8;',
    replace: 'export const REMINDER_AT = 0.75;',
    tests: ['test/webhooks/games.test.ts'],
  },
  {
    id: 'app/stale-after-6-days',
    file: `${A}games/stale-check.ts`,
    search: 'export const STALE_AFTER_MS = 7 * 24 * 3600_000;',
    replace: 'export const STALE_AFTER_MS = 6 * 24 * 3600_000;',
    tests: ['test/around-the-game/stale-games.test.ts'],
  },
  {
    id: 'app/timeout-always-greedy',
    file: `${A}games/time-out.ts`,
    search:
      'move = settings.choose(botInput(game.state, seat, log, settings.random(gameId, game.version, seat), settings));',
    replace:
      "move = settings.choose({ ...botInput(game.state, seat, log, settings.random(gameId, game.version, seat), settings), level: 'greedy' });",
    tests: ['test/turn-clock/timeout-bot-level.test.ts'],
  },
  {
    id: 'app/sweeper-waits-14s',
    file: `${A}sweeper/clock-sweeper.ts`,
    search: '...(web.timeoutMs !== undefined ? { timeoutMs: web.timeoutMs } : {}),',
    replace: 'timeoutMs: web.timeoutMs ?? 14_000,',
    tests: ['test/webhooks/send-timeout.test.ts'],
  },
  {
    id: 'app/bot-chain-80-commits',
    file: `${A}games/bot-players.ts`,
    search: '    maxCommits: 64,',
    replace: '    maxCommits: 80,',
    tests: ['test/bots/chain-bounds.test.ts'],
  },
  {
    id: 'app/bot-chain-3s',
    file: `${A}games/bot-players.ts`,
    search: '    maxMs: 2000,',
    replace: '    maxMs: 3000,',
    tests: ['test/bots/chain-bounds.test.ts'],
  },
  {
    id: 'api/registrations-40',
    file: `${H}app.ts`,
    search: '  registrations: { burst: 30, perSecond: 1 },',
    replace: '  registrations: { burst: 40, perSecond: 1 },',
    tests: ['test/security/default-limits.test.ts'],
  },
];
