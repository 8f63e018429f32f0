import { REJECTIONS, type CommandKind, type RejectionCode } from '@chickenfoot/rules';
import type { ProblemCode } from '../problems';

/** Every code the rules can refuse any of `kinds` with (packages/rules' `REJECTIONS`), each once. */
export const rejectionsOf = (...kinds: CommandKind[]): RejectionCode[] => [
  ...new Set(kinds.flatMap((kind) => REJECTIONS[kind])),
];

/** What any request can be answered with: a bad request, a body over the limit, the service failing. */
export const EVERY_OPERATION: readonly ProblemCode[] = [
  'request/invalid',
  'request/too-large',
  'service/unavailable',
  'service/error',
];
/** A route behind a bearer token: no (valid) token, or over the player's rate limit. */
export const AUTHENTICATED: readonly ProblemCode[] = ['auth/unauthenticated', 'request/too-many-requests'];
/** A route that takes a JSON body. */
export const JSON_BODY: readonly ProblemCode[] = ['request/malformed-json', 'request/unsupported-media-type'];
/**
 * A route that takes an Idempotency-Key: reused with another request, or missing. Where the key is
 * optional (registration) an empty one is still answered as missing.
 */
export const IDEMPOTENT: readonly ProblemCode[] = [
  'request/idempotency-key-reused',
  'request/idempotency-key-required',
];
/** A route that requires If-Match. */
export const IF_MATCH_REQUIRED: readonly ProblemCode[] = ['request/if-match-required'];

/** What an endpoint's URL may be refused for (see `checkWebhookUrl`). */
const WEBHOOK_URL: readonly ProblemCode[] = ['webhook/url-invalid', 'webhook/url-not-https', 'webhook/url-not-allowed'];

/** What a push subscription's endpoint may be refused for (the same policy as a webhook's URL). */
const PUSH_ENDPOINT: readonly ProblemCode[] = [
  'push/endpoint-invalid',
  'push/endpoint-not-https',
  'push/endpoint-not-allowed',
];

/**
 * What each operation's own handler (and the game service under it) can answer with, besides what
 * its shape implies (see `problemCodesOf`): the one list per operation the contract documents.
 */
export const OPERATION_PROBLEMS = {
  // Registration has no token, so its rate limit is per client address.
  registerPlayer: ['request/too-many-requests', 'player/deleted', 'player/token-revoked'],
  getMe: ['player/not-found'],
  listMyGames: [],
  // A server without a test clock (every one on AWS) has no such path.
  getTestClock: ['request/not-found'],
  advanceTestClock: ['request/not-found'],
  createGame: ['player/not-found', 'request/version-mismatch', ...rejectionsOf('create')],
  joinGame: ['game/not-found', 'player/not-found', 'request/version-mismatch', ...rejectionsOf('join')],
  getGame: ['game/not-found'],
  // No token: its rate limit is per client address, as registration's.
  getInvitation: ['game/not-found', 'request/too-many-requests'],
  makeMove: [
    'game/not-found',
    'game/left',
    'request/version-mismatch',
    'game/turn-timed-out',
    ...rejectionsOf('play', 'draw', 'pass', 'announce', 'callout'),
  ],
  addBot: ['game/not-found', 'game/left', 'request/version-mismatch', ...rejectionsOf('add-bot')],
  leaveGame: ['game/not-found', 'request/version-mismatch', ...rejectionsOf('leave')],
  returnToGame: ['game/not-found', 'game/left', 'request/version-mismatch', ...rejectionsOf('return')],
  giveTime: ['game/not-found', 'game/left', 'request/version-mismatch', ...rejectionsOf('give-time')],
  listEvents: ['game/not-found', 'request/version-ahead'],
  listLobby: [],
  renameMe: ['player/not-found', 'request/version-mismatch'],
  deleteMe: ['player/not-found', 'request/version-mismatch'],
  listTokens: ['player/not-found'],
  createToken: ['player/not-found', 'player/too-many-tokens'],
  revokeToken: ['player/not-found', 'player/token-not-found', 'request/version-mismatch'],
  revokeAllTokens: ['player/not-found', 'request/version-mismatch'],
  postMessage: ['game/not-found', 'game/left'],
  listMessages: ['game/not-found'],
  muteMessages: ['game/not-found', 'player/not-found'],
  createWatchLink: ['game/not-found', 'game/left', 'game/too-many-watch-links', 'game/watch-link-not-found'],
  listWatchLinks: ['game/not-found'],
  revokeWatchLink: ['game/not-found', 'game/left', 'game/watch-link-not-found'],
  watchGame: [],
  watchEvents: ['request/version-ahead'],
  rematch: [
    'game/not-found',
    'game/left',
    'game/not-finished',
    'player/not-found',
    'request/version-mismatch',
    ...rejectionsOf('create', 'join'),
  ],
  exportGame: ['game/not-found', 'game/not-finished'],
  replayGame: ['game/not-found', 'game/not-finished', 'request/version-ahead'],
  quickMatch: ['player/not-found', 'request/version-mismatch', ...rejectionsOf('create', 'join')],
  cancelGame: ['game/not-found', 'game/left', 'request/version-mismatch', ...rejectionsOf('cancel')],
  createWebhookEndpoint: [...WEBHOOK_URL, 'webhook/too-many-endpoints'],
  listWebhookEndpoints: [],
  getWebhookEndpoint: ['webhook/not-found'],
  updateWebhookEndpoint: ['webhook/not-found', ...WEBHOOK_URL],
  deleteWebhookEndpoint: ['webhook/not-found'],
  rotateWebhookSecret: ['webhook/not-found'],
  testWebhookEndpoint: ['webhook/not-found'],
  listWebhookDeliveries: ['webhook/not-found'],
  redeliverWebhook: ['webhook/not-found', 'webhook/delivery-not-found'],
  getPushKey: ['push/not-configured'],
  createPushSubscription: [...PUSH_ENDPOINT, 'push/keys-invalid', 'push/too-many-subscriptions', 'push/not-configured'],
  listPushSubscriptions: [],
  updatePushSubscription: ['push/not-found'],
  deletePushSubscription: ['push/not-found'],
  testPushSubscription: ['push/not-found', 'push/not-configured'],
} satisfies Record<string, readonly ProblemCode[]>;

/** An operation of the API, by its operationId. */
export type OperationId = keyof typeof OPERATION_PROBLEMS;
