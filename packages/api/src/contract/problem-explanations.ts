import type { ProblemCode } from '../problems';

/** A problem code in words: what happened, and what to do about it. */
export interface Explanation {
  readonly happened: string;
  readonly todo: string;
}

const RETRY_SAME_KEY = 'Retry the same request, with the same Idempotency-Key, after Retry-After seconds.';
const FETCH_AGAIN = 'Fetch the game (GET /v1/games/{id}), and choose again from its legalMoves.';

/**
 * Every problem code explained, as its page (`GET /problems/<code>`) shows it. Typed by every code, so
 * a code added to `PROBLEMS` without words here does not compile.
 */
export const EXPLANATIONS: Readonly<Record<ProblemCode, Explanation>> = {
  'request/invalid': {
    happened: 'Something in the request does not fit the contract: a field, a query parameter or a header.',
    todo: 'Read `issues`: each names a field (`body.rules.set`) and what is wrong with it. Fix the request; nothing was changed.',
  },
  'request/malformed-json': {
    happened: 'The body is not valid JSON.',
    todo: 'Send a JSON document (and `Content-Type: application/json`).',
  },
  'request/idempotency-key-required': {
    happened: 'This operation changes something and takes an Idempotency-Key header, and none (or an empty one) came.',
    todo: 'Send `Idempotency-Key: <a fresh random UUID>`, one per change you intend; reuse it only to retry that change.',
  },
  'request/method-not-allowed': {
    happened: 'The path exists, but not with this method.',
    todo: 'Use one of the methods in the `Allow` header.',
  },
  'request/not-found': {
    happened: 'Nothing is at this path.',
    todo: 'Check the path against the contract (/openapi.json, /docs).',
  },
  'request/too-large': {
    happened: 'The body is larger than 16 KB.',
    todo: 'Send a smaller body: no request of this API needs more.',
  },
  'request/unsupported-media-type': {
    happened: 'The body was not sent as application/json.',
    todo: 'Send the body as JSON with `Content-Type: application/json`.',
  },
  'request/idempotency-key-reused': {
    happened:
      'This Idempotency-Key was used before with a different request (another body, game, player or operation).',
    todo: 'Use a fresh key for a new change. Reuse a key only to retry exactly the same request.',
  },
  'request/if-match-required': {
    happened: 'This change is conditional, and no If-Match header came.',
    todo: 'Send the version you decided on, as its ETag gives it: `If-Match: "12"` (the game’s, or your account’s for /v1/me).',
  },
  'game/turn-timed-out': {
    happened:
      'Your turn ran out of time before this move arrived: the server played it for you (at the game’s bot level), and the game moved on. Nothing of your request was applied.',
    todo: 'Fetch the game again (currentVersion says where it is now) and play your next turn from there.',
  },
  'request/version-mismatch': {
    happened:
      'The game (or your account) has moved on since the version in If-Match: someone else moved, a bot played, a turn timed out. Nothing was applied.',
    todo: 'Fetch it again (currentVersion says where it is now), decide again, and send the new version. Do not retry as is.',
  },
  'request/version-ahead': {
    happened: 'You asked for what happened after a version the game has not reached.',
    todo: 'Ask from a version you have seen: currentVersion is the newest.',
  },
  'request/too-many-requests': {
    happened:
      'You went over a rate limit: your player’s, a game’s messages’, registrations from your address, or four long-polls (`wait=`) held at once.',
    todo: 'Wait Retry-After seconds, then retry (the same Idempotency-Key if it was a change). RateLimit says what is left.',
  },
  'auth/unauthenticated': {
    happened: 'No bearer token came, or it is not one this server issued, or it was revoked.',
    todo: 'Send `Authorization: Bearer <token>` with the token from POST /v1/players or POST /v1/me/tokens. A revoked token stays refused.',
  },
  'game/not-found': {
    happened:
      'There is no such game, or you are not seated in it (games are private to their players). Joining, an invite code that is not the game’s answers this too, in the same words whether or not the game exists: a wrong code tells a stranger nothing.',
    todo: 'Check the game id (and, joining, the invite code, as they were shared with you); join the game first if you mean to play it.',
  },
  'game/left': {
    happened: 'You left this game: you may read it, as a spectator, but not act in it.',
    todo: 'Nothing to retry. Your seat is played by a bot.',
  },
  'game/not-finished': {
    happened: 'This needs a finished game (an export, a replay, a rematch), and this one is not over.',
    todo: 'Wait for the game to end (its status becomes finished).',
  },
  'game/watch-link-not-found': {
    happened: 'The game has no open watch link with this id.',
    todo: 'List the open links (GET /v1/games/{id}/watch-links).',
  },
  'game/too-many-watch-links': {
    happened: 'The game has 10 open watch links already.',
    todo: 'Revoke one you no longer need, then make another.',
  },
  'player/not-found': {
    happened: 'The player this token was issued to no longer exists (the account was deleted).',
    todo: 'Register again (POST /v1/players).',
  },
  'player/deleted': {
    happened: 'The account this registration (or its retry) made was deleted since: nothing of it is given back.',
    todo: 'Register again with a fresh Idempotency-Key.',
  },
  'player/token-revoked': {
    happened: 'The session this registration (or its retry) opened was revoked since: its token is not given again.',
    todo: 'Use another token of the account, or register again with a fresh Idempotency-Key.',
  },
  'player/token-not-found': {
    happened: 'Your account has no open token with this id.',
    todo: 'List your tokens (GET /v1/me/tokens).',
  },
  'player/too-many-tokens': {
    happened: 'Your account has 20 open tokens already.',
    todo: 'Revoke tokens you no longer use, then issue another.',
  },
  'webhook/not-found': {
    happened: 'You have no webhook endpoint with this id.',
    todo: 'List your endpoints (GET /v1/me/webhooks).',
  },
  'webhook/delivery-not-found': {
    happened: 'This endpoint’s log has no delivery with this id.',
    todo: 'List its deliveries (GET /v1/me/webhooks/{endpointId}/deliveries).',
  },
  'webhook/too-many-endpoints': {
    happened: 'You have 10 webhook endpoints already.',
    todo: 'Remove one you no longer need, or give one endpoint more events.',
  },
  'webhook/url-invalid': {
    happened: 'The URL is not a valid absolute URL (or carries credentials).',
    todo: 'Send a full https:// URL without a user or password in it.',
  },
  'webhook/url-not-https': {
    happened: 'Webhook URLs must use https.',
    todo: 'Serve your receiver over https.',
  },
  'webhook/url-not-allowed': {
    happened:
      'The URL’s host is, or resolves to, an address that is not public (private, loopback, link-local, metadata).',
    todo: 'Use a host on the public internet.',
  },
  'push/not-found': {
    happened: 'You have no push subscription with this id (removed, dropped by its push service, or signed out).',
    todo: 'List your devices (GET /v1/me/push-subscriptions); register this browser again if it should be told.',
  },
  'push/not-configured': {
    happened: 'This server has no Web Push (VAPID) keys: it sends no notifications to browsers.',
    todo: 'Use webhooks, or ask whoever runs the server to configure VAPID_SECRET.',
  },
  'push/too-many-subscriptions': {
    happened: 'You have 20 push subscriptions already.',
    todo: 'Remove a device you no longer use (DELETE /v1/me/push-subscriptions/{subscriptionId}).',
  },
  'push/endpoint-invalid': {
    happened: 'The endpoint is not a valid absolute URL (or carries credentials).',
    todo: 'Send the endpoint exactly as PushSubscription.toJSON() gives it.',
  },
  'push/endpoint-not-https': {
    happened: 'Push endpoints must use https.',
    todo: 'Send the endpoint your browser’s push service gave: they are all https.',
  },
  'push/endpoint-not-allowed': {
    happened: 'The endpoint’s host is, or resolves to, an address that is not public (private, loopback, metadata).',
    todo: 'Send the endpoint your browser’s push service gave, a host on the public internet.',
  },
  'push/keys-invalid': {
    happened: 'keys.p256dh is not an uncompressed P-256 point (65 bytes), or keys.auth is not 16 bytes (base64url).',
    todo: 'Send the keys exactly as PushSubscription.toJSON() gives them.',
  },
  'service/unavailable': {
    happened:
      'The service could not finish the request this time (the database was briefly unavailable, or a change was recorded but not yet answered).',
    todo: RETRY_SAME_KEY,
  },
  'service/error': {
    happened: 'Something went wrong on the server’s side.',
    todo: 'Retry later with the same Idempotency-Key; if it persists, report the requestId.',
  },
  'rules/game-exists': {
    happened: 'A game with this id exists already.',
    todo: 'Create a new game with a fresh Idempotency-Key.',
  },
  'rules/invalid-ruleset': {
    happened: 'These rule options do not make a game (say, more tiles dealt than the set holds for these seats).',
    todo: 'Change the options; the detail says which. Leave an option out to take its default.',
  },
  'rules/game-full': { happened: 'Every seat of the game is taken.', todo: 'Find another game (GET /v1/lobby).' },
  'rules/unknown-seat': {
    happened: 'There is no such seat in this game, or it is not yours to act in.',
    todo: 'Act only in your own seat (yourSeat); a seat number is 0 to seats-1.',
  },
  'rules/seat-taken': {
    happened: 'The seat you asked a bot for is taken.',
    todo: 'Leave the seat out to take the lowest free one.',
  },
  'rules/unknown-bot-level': {
    happened: 'No bot plays at that level.',
    todo: 'Use random, greedy or strong.',
  },
  'rules/game-not-found': {
    happened: 'The rules found no game to act on: it was never created.',
    todo: 'Check the game id.',
  },
  'rules/already-seated': { happened: 'You are seated in this game already.', todo: 'Nothing to do: play.' },
  'rules/game-cancelled': {
    happened: 'The game was cancelled before it started (by its creator, or after waiting too long).',
    todo: 'Start or join another game.',
  },
  'rules/not-invited': {
    happened: 'The invite code is not this game’s, or the game is not open to anyone.',
    todo: 'Ask a player of the game for its invite code.',
  },
  'rules/not-creator': {
    happened: 'Only the game’s creator may do this (seat a bot, cancel).',
    todo: 'Ask the creator.',
  },
  'rules/game-finished': { happened: 'The game is over.', todo: 'Read the result; start a rematch if you like.' },
  'rules/already-left': { happened: 'You left this game already.', todo: 'Nothing to do.' },
  'rules/creator-cannot-leave': {
    happened: 'The creator cannot leave a game that has not started.',
    todo: 'Fill the game (with bots if you like) or cancel it.',
  },
  'rules/game-started': {
    happened: 'The game has started: it can no longer be cancelled.',
    todo: 'Leave it instead (a bot takes your seat).',
  },
  'rules/game-not-started': {
    happened: 'The game has not started: no moves yet.',
    todo: 'Wait until every seat is taken (or seat bots).',
  },
  'rules/not-your-turn': {
    happened: 'It is another seat’s turn.',
    todo: `Wait for your turn (turn.started webhook, or GET /v1/me/games?turn=mine&wait=20). ${FETCH_AGAIN}`,
  },
  'rules/invalid-tile': { happened: 'That is not a tile of this set.', todo: FETCH_AGAIN },
  'rules/not-in-hand': { happened: 'You do not hold that tile.', todo: FETCH_AGAIN },
  'rules/must-play-drawn': {
    happened: 'Under must-play, the tile you just drew must be played if it fits.',
    todo: 'Play the drawn tile (drawnTile).',
  },
  'rules/unknown-placement': {
    happened: 'There is no open end at that placement.',
    todo: 'Play against an `on` listed in hand.openEnds.',
  },
  'rules/must-fill-double': {
    happened: 'A double waits to be filled: play goes there first.',
    todo: 'Play on hand.mustFill, or pass if you cannot.',
  },
  'rules/end-closed': { happened: 'That end takes no more tiles.', todo: FETCH_AGAIN },
  'rules/suit-mismatch': {
    happened: 'The tile does not match the suit of the end it was played on.',
    todo: FETCH_AGAIN,
  },
  'rules/nothing-to-announce': {
    happened: 'You do not hold one tile, or announced already: there is no Chickenlittle to say.',
    todo: 'Announce when you are down to one tile.',
  },
  'rules/already-drew': { happened: 'You drew this turn already.', todo: FETCH_AGAIN },
  'rules/must-play': { happened: 'You have a play: you may not draw or pass.', todo: FETCH_AGAIN },
  'rules/no-lapse': {
    happened: 'That seat has no Chickenlittle lapse to call out.',
    todo: 'Call out only a seat that holds one tile unannounced.',
  },
  'rules/cannot-call-out-self': { happened: 'You cannot call yourself out.', todo: 'Announce instead.' },
  'rules/not-away': {
    happened: 'Your seat is not away: there is nothing to take back.',
    todo: 'Nothing to do: play your turns.',
  },
  'rules/no-clock': { happened: 'The game has no turn clock.', todo: 'Nothing to give: turns have no deadline.' },
  'rules/no-deadline': {
    happened: 'No player is awaited now (a bot’s turn, or a seat that is away).',
    todo: 'Give time when a player’s turn is running.',
  },
  'rules/cannot-give-self': {
    happened: 'You cannot give yourself more time.',
    todo: 'Another seated player may.',
  },
  'rules/too-much-time': {
    happened: 'A turn may get at most rules.turnHours extra hours in all.',
    todo: 'Give fewer hours (the detail says how many are left).',
  },
};
