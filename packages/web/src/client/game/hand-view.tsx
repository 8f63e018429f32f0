/** @jsxImportSource hono/jsx/dom */
import type { BoardLayout } from '../../board/layout';
import type { Game, Move } from '../api';
import type { GameController } from './controller';
import { dragTile } from './drag';
import { InviteBox } from './invite-box';
import { seatName } from './seat-names';
import type { GameState } from './store';
import { HandTile } from './tile-svg';

type Play = Extract<Move, { type: 'play' }>;

/** The plays of the legal moves, by tile: the ends (`on`) each tile may go on. */
export function playsByTile(view: Game): Map<string, Set<number>> {
  const plays = new Map<string, Set<number>>();
  for (const move of view.legalMoves) {
    if (move.type !== 'play') continue;
    const ends = plays.get(move.tile) ?? new Set<number>();
    ends.add(move.on);
    plays.set(move.tile, ends);
  }
  return plays;
}

/** The hand: one button per tile, in a row of fixed height, so a changing hand never moves the page. */
function Tiles({ view, state, game }: { view: Game; state: GameState; game: GameController }) {
  const plays = playsByTile(view);
  const tiles =
    view.drawnTile && !view.yourTiles.includes(view.drawnTile) ? [...view.yourTiles, view.drawnTile] : view.yourTiles;
  return (
    <ul class="hand" aria-label={`Your tiles: ${tiles.length}`}>
      {tiles.map((tile) => {
        const ends = plays.get(tile)?.size ?? 0;
        const drawn = tile === view.drawnTile;
        const fit = ends === 0 ? 'does not fit now' : `fits ${ends} end${ends === 1 ? '' : 's'}`;
        return (
          <li key={tile}>
            <button
              type="button"
              class={`hand-button${ends > 0 ? ' playable' : ''}${drawn ? ' drawn' : ''}`}
              data-tile={tile}
              aria-pressed={state.selected === tile ? 'true' : 'false'}
              aria-label={`${tile}${drawn ? ', just drawn' : ''}, ${fit}`}
              onClick={() => game.select(tile)}
              onPointerDown={(e: PointerEvent) => dragTile(e, tile, game)}
            >
              <HandTile tile={tile} />
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** Under the hand: where the picked tile may go, and the moves that need no tile. */
function Moves({ view, state, game, layout }: Props) {
  const plays = playsByTile(view);
  const out: unknown[] = [];
  // The moves that need no tile first: picking a tile adds its ends after them, so none of them moves.
  for (const move of view.legalMoves) {
    if (move.type === 'pass')
      out.push(
        <button type="button" class="secondary" disabled={state.busy} onClick={() => void game.send(move)}>
          Pass (keep the drawn tile)
        </button>,
      );
    if (move.type === 'draw')
      out.push(
        <button type="button" class="secondary" disabled={state.busy} onClick={() => void game.send(move)}>
          Draw a tile
        </button>,
      );
    if (move.type === 'announce')
      out.push(
        <button type="button" class="shout" disabled={state.busy} onClick={() => void game.send(move)}>
          Say “Chickenlittle!”
        </button>,
      );
    if (move.type === 'callout') {
      const name = seatName(view, move.seat);
      out.push(
        <button
          type="button"
          class="shout"
          disabled={state.busy}
          onClick={() => void game.send(move)}
        >{`Call out ${name}: one tile, and no “Chickenlittle!”`}</button>,
      );
    }
  }
  if (state.selected) {
    const fits = plays.get(state.selected) ?? new Set<number>();
    const ends = (layout?.ends ?? []).filter((e) => fits.has(e.on));
    const announceable = view.legalMoves.some(
      (m): m is Play => m.type === 'play' && m.tile === state.selected && m.announce === true,
    );
    out.push(
      ends.length === 0 ? (
        <p class="hint">{`${state.selected} fits no open end now: pick another tile, or try an end to hear why.`}</p>
      ) : (
        <div class="where" role="group" aria-label={`Where to play ${state.selected}`}>
          {ends.map((end) => (
            <button type="button" class="play-on" disabled={state.busy} onClick={() => void game.play(end.on)}>
              {`${state.selected} on ${end.label}`}
            </button>
          ))}
        </div>
      ),
    );
    if (announceable) {
      out.push(
        <label class="announce">
          <input
            type="checkbox"
            checked={state.announce}
            onChange={(e: Event) => game.setAnnounce((e.target as HTMLInputElement).checked)}
          />
          Say “Chickenlittle!” with this play: you will have one tile left
        </label>,
      );
    }
  }
  return <div class="moves">{out}</div>;
}

interface Props {
  readonly view: Game;
  readonly state: GameState;
  readonly game: GameController;
  readonly layout: BoardLayout | null;
}

/** The player's part of the page: the invite while seats are free, else the hand and the moves, and the last refusal. */
export function HandView(props: Props) {
  const { view, state } = props;
  return (
    <>
      {view.status === 'waiting' ? <InviteBox view={view} game={props.game} busy={state.busy} /> : <Tiles {...props} />}
      <Moves {...props} />
      <p class="problem" role="alert" id="move-problem">
        {state.problem ?? ''}
      </p>
    </>
  );
}
