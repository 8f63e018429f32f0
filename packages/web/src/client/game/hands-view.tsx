/** @jsxImportSource hono/jsx/dom */
import type { Game } from '../api';
import { winnersLine } from './hand-record';
import { seatName } from './seat-names';

/** The seat's name, or "You". */
const nameOf = (view: Game, seat: number) => seatName(view, seat, true);

/** The hands played so far: who went out (or that it was blocked), every seat's points and what it held; the totals; the winners. */
export function HandsView({ view, winners: say = true }: { view: Game; winners?: boolean }) {
  const winners = say ? winnersLine(view) : null;
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
