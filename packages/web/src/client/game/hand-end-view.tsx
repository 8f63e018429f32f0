/** @jsxImportSource hono/jsx/dom */
import { useEffect, useRef } from 'hono/jsx/dom';
import type { Game } from '../api';
import type { GameController } from './controller';
import { tilePoints } from './game-log';
import { howItEnded, totalsAfter, winnersLine } from './hand-record';
import { RematchOffer } from './rematch-box';
import { seatName } from './seat-names';
import { HandTile } from './tile-svg';

/** A seat's tiles left, face up, each said with what it counts; the 0-0 marked with its points (the game's `doubleBlank`). */
function TilesLeft({ tiles, doubleBlank }: { tiles: readonly string[]; doubleBlank: number }) {
  if (tiles.length === 0) return <span class="muted">none</span>;
  const said = tiles.map((t) => `${t} (${tilePoints(t, doubleBlank)})`).join(', ');
  return (
    <span class="tiles-left" role="img" aria-label={said}>
      {tiles.map((tile) => (
        <span class="tile-left">
          <HandTile tile={tile} />
          {tile === '0-0' ? <span class="blank-points">{`=${doubleBlank}`}</span> : null}
        </span>
      ))}
    </span>
  );
}

/**
 * The end of hand `hand`, as at a table: who went out (or that it blocked), every seat's tiles left
 * face up with their points, the hand's scores and the totals so far; then "Next hand", which the
 * player presses when they have looked (never skipped past for them). With `last`, it is the game's
 * last hand: no next hand, the game's end says the rest.
 */
export function HandEnd({ view, hand, game, last }: { view: Game; hand: number; game: GameController; last: boolean }) {
  const record = view.pastHands.find((h) => h.index === hand);
  const title = useRef<HTMLHeadingElement>(null);
  // The player's eyes (and a screen reader) go to the hand's end as it comes, unless they are busy
  // elsewhere on the page (typing at the table, say).
  useEffect(() => {
    const active = document.activeElement;
    const here = !active || active === document.body || active.id === 'main' || !!active.closest('#play, #board');
    if (!last && here && title.current) {
      // Scrolled only as far as needed to show it (focus alone may centre it, moving the board away).
      title.current.focus({ preventScroll: true });
      title.current.scrollIntoView({ block: 'nearest' });
    }
  }, [hand, last]);
  if (!record) return null;
  const totals = totalsAfter(view, hand);
  const blank = record.hands.some((tiles) => tiles.includes('0-0'));
  return (
    <div class="hand-end" data-hand={hand}>
      <h2 id="hand-end-title" tabindex={-1} ref={title}>
        {`Hand ${hand + 1} is over: ${howItEnded(view, record.out)}.`}
      </h2>
      <div class="table-scroll">
        <table class="hand-end-table">
          <thead>
            <tr>
              <th scope="col">Seat</th>
              <th scope="col">Tiles left</th>
              <th scope="col">Points</th>
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {view.seats.map((seat) => (
              <tr data-seat={seat.seat} class={record.out === seat.seat ? 'out' : ''}>
                <th scope="row">{seatName(view, seat.seat, true)}</th>
                <td>
                  <TilesLeft tiles={record.hands[seat.seat] ?? []} doubleBlank={view.rules.doubleBlank} />
                </td>
                <td class="points">{String(record.scores[seat.seat] ?? 0)}</td>
                <td class="points">{String(totals[seat.seat] ?? 0)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p class="hint">
        {`Each tile left counts its pips${blank ? `; the 0-0 counts ${view.rules.doubleBlank}` : ''}. The lowest total after the last hand wins.`}
      </p>
      {last ? null : (
        <button type="button" class="next-hand" onClick={() => game.nextHand()}>
          {`Next hand (${hand + 2} of ${view.rules.set + 1})`}
        </button>
      )}
    </div>
  );
}

/** The game's end: the winners, Play again and Replay at once, then the last hand's end and the final totals. */
export function GameEnd({ view, game }: { view: Game; game: GameController }) {
  const last = view.pastHands.at(-1);
  return (
    <div class="game-end">
      <p class="winners" role="status">
        {winnersLine(view) ?? ''}
      </p>
      <RematchOffer view={view} game={game} />
      {last ? <HandEnd view={view} hand={last.index} game={game} last={true} /> : null}
    </div>
  );
}
