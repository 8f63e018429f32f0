import { OpenAPIHono } from '@hono/zod-openapi';
import { giveTime, returnToGame } from './clock';
import { createToken, deleteMe, listTokens, renameMe, revokeAllTokens, revokeToken } from './account';
import { listEvents } from './events';
import { listMessages, muteMessages, postMessage } from './messages';
import { rematch } from './rematch';
import { exportGame, replayGame } from './export';
import { createWatchLink, listWatchLinks, revokeWatchLink, watchEvents, watchGame } from './watch';
import { cancelGame } from './lifecycle';
import { listLobby, quickMatch } from './lobby';
import { createGame, getGame, joinGame } from './games';
import { ProblemSchema } from '../schemas/problem';
import { HEADER_COMPONENTS } from './headers';
import { makeMove } from './moves';
import { listMyGames } from './my-games';
import { addBot, leaveGame } from './seats';
import { getMe, registerPlayer } from './players';
import { WEBHOOK_EVENTS } from './webhook-events';
import { WEBHOOK_ROUTES } from './webhooks';
import { PUSH_ROUTES } from './push';

/** Every route of the API, as documented: the handlers in routes/ implement exactly these. */
export const ROUTES = [
  registerPlayer,
  getMe,
  renameMe,
  deleteMe,
  listTokens,
  createToken,
  revokeToken,
  revokeAllTokens,
  listMyGames,
  createGame,
  joinGame,
  getGame,
  addBot,
  leaveGame,
  makeMove,
  returnToGame,
  giveTime,
  listEvents,
  postMessage,
  listMessages,
  muteMessages,
  createWatchLink,
  listWatchLinks,
  revokeWatchLink,
  watchGame,
  watchEvents,
  cancelGame,
  rematch,
  exportGame,
  replayGame,
  listLobby,
  quickMatch,
  ...WEBHOOK_ROUTES,
  ...PUSH_ROUTES,
] as const;

/** The API's description, version and servers as they appear in openapi.yaml. */
export const DOCUMENT_CONFIG = {
  openapi: '3.1.0',
  info: {
    title: 'Chickenfoot API',
    version: '1.0.0',
    description: [
      'Chickenfoot dominoes, played asynchronously: take your turn whenever it suits you and catch up on everything that happened since.',
      '',
      'Register with `POST /v1/players` to get a bearer token. Create a game, share its invite code, and play from `legalMoves` in your view of the game.',
      'Every error is an RFC 9457 `application/problem+json` document whose `type` is stable per `code`. The rules are in docs/rules.md.',
    ].join('\n'),
    license: { name: 'MIT', identifier: 'MIT' },
  },
  servers: [{ url: '/', description: 'This server' }],
  tags: [
    { name: 'Players', description: 'Registration and your games.' },
    { name: 'Games', description: 'Creating, joining, reading and catching up on games.' },
    { name: 'Moves', description: 'Taking your turn.' },
    { name: 'Account', description: 'Your name, your tokens, and deleting your account.' },
    { name: 'Lobby', description: 'Finding opponents: open games, and quick match.' },
    { name: 'Watching', description: 'Watch links: spectators see the board, never a tile of a seat.' },
    { name: 'Messages', description: 'Talking at the table: short messages beside a game, and muting them.' },
    {
      name: 'Webhooks',
      description:
        'Being told without polling: your endpoints, the notifications POSTed to them (signed, Standard Webhooks v1), their delivery logs.',
    },
    {
      name: 'Notifications',
      description:
        'Being told in your browser with no tab open (Web Push): your devices, what each is told of, a test notification.',
    },
  ],
};

let document: ReturnType<OpenAPIHono['getOpenAPI31Document']> | undefined;

/**
 * The OpenAPI 3.1 document of the API, generated from the route definitions alone (no app, no store):
 * what openapi.yaml holds and `/openapi.json` serves. Built once per process.
 * @example import { stringify } from 'yaml'; writeFileSync('openapi.yaml', stringify(openApiDocument()));
 */
export function openApiDocument() {
  if (document) return document;
  const registry = new OpenAPIHono();
  registry.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description: 'The token from POST /v1/players.',
  });
  registry.openAPIRegistry.registerComponent('securitySchemes', 'watchAuth', {
    type: 'http',
    scheme: 'bearer',
    description: 'A watch token, from POST /v1/games/{id}/watch-links: on the /v1/watch routes only.',
  });
  for (const [name, header] of Object.entries(HEADER_COMPONENTS)) {
    registry.openAPIRegistry.registerComponent('headers', name, header);
  }
  for (const route of ROUTES) registry.openAPIRegistry.registerPath(route);
  for (const webhook of WEBHOOK_EVENTS) registry.openAPIRegistry.registerWebhook(webhook);
  // What any problem looks like, whatever answered it (an unknown path, a method not allowed).
  registry.openAPIRegistry.register('Problem', ProblemSchema);
  document = registry.getOpenAPI31Document(DOCUMENT_CONFIG);
  return document;
}
