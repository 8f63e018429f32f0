/** @jsxImportSource hono/jsx/dom */
import { useEffect } from 'hono/jsx/dom';
import type { BoardLayout } from '../../board/layout';
import type { Game } from '../api';
import { CancelBox } from './cancel-box';
import type { GameController } from './controller';
import { dragTile } from './drag';
import { InviteBox } from './invite-box';
import { announceable, playsByTile, tileless } from './moves';
import { seatName } from './seat-names';
import type { GameState } from './store';
import { HandTile } from './tile-svg';

/** The tile that keeps the hand's place for the keyboard: Tab comes back to it, arrows move it. */
let stop: string | null = null;
/** Whether the keyboard or the pointer was last in the hand or on the board: after a move, focus comes back to the hand. */
let playing = false;

/** Follows focus on the page, so a move made from the hand or the board returns focus to the hand. */
export function trackFocus(): void {
  document.addEventListener('focusin', (e) => {
    playing = !!(e.target as Element | null)?.closest?.('#play, #board');
  });
}

/** Focuses the hand's tile that keeps its place (the one Tab reaches). */
export function focusHand(): void {
  document.querySelector<HTMLElement>('.hand [tabindex="0"]')?.focus();
}

/** Arrow keys, Home and End move along the hand (wrapping); Escape puts a picked tile back. */
function onKeys(e: KeyboardEvent, tiles: readonly string[], index: number, game: GameController): void {
  if (e.key === 'Escape') return game.select(null);
  const moves: Record<string, number> = {
    ArrowLeft: index - 1,
    ArrowUp: index - 1,
    ArrowRight: index + 1,
    ArrowDown: index + 1,
    Home: 0,
    End: tiles.length - 1,
  };
  const to = moves[e.key];
  if (to === undefined) return;
  e.preventDefault();
  stop = tiles[(to + tiles.length) % tiles.length] ?? null;
  (e.currentTarget as HTMLElement).closest('.hand')?.querySelector<HTMLElement>(`[data-tile="${stop}"]`)?.focus();
}

/** How a tile of the hand is said: its name, whether just drawn, and what pressing it does. */
function tileLabel(tile: string, drawn: boolean, ends: number): string {
  const fit =
    ends === 0
      ? 'does not fit now'
      : ends === 1
        ? 'fits 1 end: press to play it'
        : `fits ${ends} ends: press, then pick one`;
  return `${tile}${drawn ? ', just drawn' : ''}, ${fit}`;
}

/**
 * The hand: one button per tile, in a row of fixed height, so a changing hand never moves the page.
 * On the player's turn the tiles that fit nowhere are dimmed. One Tab stop (the arrows move along it).
 */
function Tiles({ view, state, game }: Props) {
  const plays = playsByTile(view);
  const tiles =
    view.drawnTile && !view.yourTiles.includes(view.drawnTile) ? [...view.yourTiles, view.drawnTile] : view.yourTiles;
  const mine = view.hand?.turn === view.yourSeat && view.status === 'playing';
  const current =
    (state.selected && tiles.includes(state.selected) ? state.selected : null) ??
    (stop && tiles.includes(stop) ? stop : null) ??
    tiles.find((t) => plays.has(t)) ??
    tiles[0];
  // A move made from the hand or the board took focus away with the tile played: it comes back here.
  useEffect(() => {
    const active = document.activeElement;
    if (playing && (!active || active === document.body)) focusHand();
  }, [view.version, state.busy]);
  return (
    <ul class="hand" aria-label={`Your tiles: ${tiles.length}`}>
      {tiles.map((tile, i) => {
        const ends = plays.get(tile)?.size ?? 0;
        const drawn = tile === view.drawnTile;
        const dim = mine && plays.size > 0 && ends === 0;
        return (
          <li key={tile}>
            <button
              type="button"
              class={`hand-button${ends > 0 ? ' playable' : ''}${dim ? ' unplayable' : ''}${drawn ? ' drawn' : ''}`}
              data-tile={tile}
              data-ends={[...(plays.get(tile) ?? [])].join(' ')}
              tabindex={tile === current ? 0 : -1}
              aria-pressed={state.selected === tile ? 'true' : 'false'}
              // While a move is on its way a press does nothing: say so, and keep the focus where it is.
              aria-disabled={state.busy ? 'true' : undefined}
              aria-label={tileLabel(tile, drawn, ends)}
              onClick={() => {
                stop = tile;
                void game.press(tile);
              }}
              onKeyDown={(e: KeyboardEvent) => onKeys(e, tiles, i, game)}
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

/**
 * Above the hand, in a line kept for it: a call-out of this seat said in words; the choice to say
 * "Chickenlittle!" with the play that leaves one tile (made before the play, and yes unless the
 * player says not); or, holding one tile unannounced, the button to say it now.
 */
function PlayHead({ view, state, game }: Props) {
  const shout = view.legalMoves.find((m) => m.type === 'announce');
  const choose = view.rules.chickenlittle === 'callout' && announceable(view);
  return (
    <div class="play-head">
      {state.notice ? (
        <p class="notice" role="status">
          {state.notice}
        </p>
      ) : shout ? (
        <p class="say-now">
          <button type="button" class="shout" disabled={state.busy} onClick={() => void game.send(shout)}>
            Say “Chickenlittle!”
          </button>{' '}
          You have one tile left and have not said it: say it before another player places a tile, or you may be called
          out.
        </p>
      ) : choose ? (
        <label class="announce">
          <input
            type="checkbox"
            checked={state.announce}
            onChange={(e: Event) => game.setAnnounce((e.target as HTMLInputElement).checked)}
          />
          <span>
            Say “Chickenlittle!” with my play.{' '}
            <span class="hint">
              It leaves you one tile: unsaid, any player may call you out and you draw a penalty tile.
            </span>
          </span>
        </label>
      ) : null}
    </div>
  );
}

/** Under the hand: where the picked tile may go, and the moves that need no tile (the only ones, when they are). */
function Moves({ view, state, game, layout }: Props) {
  const plays = playsByTile(view);
  const out: unknown[] = [];
  for (const move of tileless(view)) {
    const only = plays.size === 0 ? '' : ' secondary';
    if (move.type === 'pass')
      out.push(
        <button type="button" class={`pass${only}`} disabled={state.busy} onClick={() => void game.send(move)}>
          {plays.size === 0 ? 'Pass' : 'Pass (keep the drawn tile)'}
        </button>,
      );
    if (move.type === 'draw')
      out.push(
        <button type="button" class={`draw${only}`} disabled={state.busy} onClick={() => void game.send(move)}>
          Draw a tile
        </button>,
      );
    if (move.type === 'callout')
      out.push(
        <button type="button" class="shout" disabled={state.busy} onClick={() => void game.send(move)}>
          {`Call out ${seatName(view, move.seat)}: one tile, and no “Chickenlittle!”`}
        </button>,
      );
  }
  if (state.selected) {
    const fits = plays.get(state.selected) ?? new Set<number>();
    const ends = (layout?.ends ?? []).filter((e) => fits.has(e.on));
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
  if (view.status === 'cancelled') {
    return (
      <p class="problem" role="alert" id="move-problem">
        {state.problem ?? ''}
      </p>
    );
  }
  if (view.status === 'waiting') {
    return (
      <>
        <InviteBox view={view} game={props.game} busy={state.busy} />
        <CancelBox view={view} game={props.game} busy={state.busy} />
        <p class="problem" role="alert" id="move-problem">
          {state.problem ?? ''}
        </p>
      </>
    );
  }
  return (
    <>
      <PlayHead {...props} />
      <Tiles {...props} />
      <Moves {...props} />
      <p class="problem" role="alert" id="move-problem">
        {state.problem ?? ''}
      </p>
    </>
  );
}
