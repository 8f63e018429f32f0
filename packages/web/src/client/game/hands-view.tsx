/** @jsxImportSource hono/jsx/dom */
import type { Game } from '../api';
import { seatName } from './seat-names';

/** The seat's name, or "You". */
const nameOf = (view: Game, seat: number) => seatName(view, seat, true);

/** "You win with 43 points!", "Ann and Bob win with 40 points!"; null until the game is over. */
export function winnersLine(view: Game): string | null {
  const winners = view.winners;
  if (!winners) return null;
  const names = winners.map((s) => nameOf(view, s)).join(' and ');
  const verb = winners.length === 1 && winners[0] !== view.yourSeat ? 'wins' : 'win';
  return `${names} ${verb} with ${view.totals[winners[0] ?? 0] ?? 0} points!`;
}

/** The hands played so far: who went out (or that it was blocked), every seat's points and what it held; the totals; the winners. */
export function HandsView({ view }: { view: Game }) {
  const winners = winnersLine(view);
  // No scores before the first deal.
  if (view.status === 'waiting') return <></>;
  return (
    <>
      {winners ? (
        <p class="winners" role="status">
          {winners}
        </p>
      ) : null}
      <h2>Scores</h2>
      <div class="table-scroll">
        <table class="scores">
          <thead>
            <tr>
              <th scope="col">Hand</th>
              {view.seats.map((s) => (
                <th scope="col">{nameOf(view, s.seat)}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {view.pastHands.map((h) => (
              <tr>
                <th scope="row">
                  {`${h.index + 1} (${h.opener}) `}
                  <span class="how">{h.out === null ? 'blocked' : `${nameOf(view, h.out)} out`}</span>
                </th>
                {h.scores.map((points, seat) => (
                  <td title={`Left holding: ${(h.hands[seat] ?? []).join(' ') || 'nothing'}`}>{points}</td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              {view.totals.map((t) => (
                <td>{t}</td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
    </>
  );
}
