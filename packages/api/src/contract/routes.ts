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
import { getInvitation } from './invitation';
import { makeMove } from './moves';
import { listMyGames } from './my-games';
import { addBot, leaveGame } from './seats';
import { getMe, registerPlayer } from './players';
import { WEBHOOK_ROUTES } from './webhooks';
import { PUSH_ROUTES } from './push';
import { advanceTestClock, getTestClock } from './test-clock';

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
  getInvitation,
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
  getTestClock,
  advanceTestClock,
] as const;
