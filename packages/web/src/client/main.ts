/**
 * The client bundle: brings the page the server drew to life (`<body data-page>` says which), and
 * talks to the API only through the client generated from openapi.yaml (./api.ts).
 */
import { startGame, startWatch } from './game/game-page';
import { startReplay } from './game/replay-page';
import { startHome } from './home';
import { startJoin } from './join';
import { startLobby } from './lobby';
import { startNewGame } from './new-game';
import { startAppShell } from './app-shell';
import { startNotifyPanel } from './notify-panel';
import { loadSession } from './session';

const session = loadSession();
for (const who of document.querySelectorAll('#who')) who.textContent = session ? session.player.name : '';

const pages: Record<string, () => unknown> = {
  home: startHome,
  new: startNewGame,
  lobby: startLobby,
  join: startJoin,
  game: startGame,
  watch: startWatch,
  replay: startReplay,
};
void pages[document.body.dataset.page ?? '']?.();
startAppShell();
if (session) startNotifyPanel(session.token);
