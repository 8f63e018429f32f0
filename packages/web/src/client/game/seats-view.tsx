/** @jsxImportSource hono/jsx/dom */
import type { Game } from '../api';
import { timeLeft } from '../dom';
import { seatName } from './seat-names';

type SeatView = Game['seats'][number];

const CHICKENLITTLE: Record<SeatView['chickenlittle'], string> = {
  none: '',
  pending: 'one tile, not announced',
  vulnerable: 'one tile, not announced: may be called out',
  announced: '“Chickenlittle!”',
  penalized: 'loses the next turn',
};

/**
 * What a seat's card says beyond name and counts: a bot's level, a player who left or is away (the
 * turn clock's bot plays for them), their timeouts so far, Chickenlittle.
 */
function statuses(seat: SeatView): string[] {
  const bot = seat.bot && !seat.away ? `a computer player (${seat.bot})` : '';
  const left = seat.left ? 'left the game' : '';
  const away = seat.away ? 'away: a bot plays for them' : '';
  const timeouts = seat.timeouts > 0 ? `timed out ${seat.timeouts}×` : '';
  return [left || away || bot, timeouts, CHICKENLITTLE[seat.chickenlittle]].filter((s) => s !== '');
}

/** The seat in turn's words: to play, whether it drew, and how long it has on a clock. */
function turnStatus(view: Game, seat: number): string {
  const drew = view.hand?.drawnBy === seat ? 'to play (drew a tile)' : 'to play';
  return view.deadline ? `${drew}, ${timeLeft(view.deadline)}` : drew;
}

/** Every seat: who, tiles in hand, total score, whose turn, Chickenlittle; and the boneyard. */
export function SeatsView({ view }: { view: Game }) {
  const hand = view.hand;
  return (
    <>
      <ul class="seat-list">
        {view.seats.map((seat) => {
          const name = seatName(view, seat.seat);
          const turn = hand?.turn === seat.seat && view.status === 'playing';
          const you = seat.seat === view.yourSeat;
          return (
            <li class={`seat${turn ? ' to-play' : ''}${you ? ' you' : ''}`} data-seat={seat.seat}>
              <span class="name">
                {name}
                {you && !seat.left ? ' (you)' : ''}
              </span>
              {/* Before the deal there is nothing to count: the columns stay, empty. */}
              <span class="count">{hand ? `${seat.tileCount} tile${seat.tileCount === 1 ? '' : 's'}` : ''}</span>
              <span class="score">{hand ? `${seat.totalScore} pts` : ''}</span>
              <span class="status">
                {[turn ? turnStatus(view, seat.seat) : '', ...statuses(seat)].filter((s) => s).join(' · ')}
              </span>
            </li>
          );
        })}
      </ul>
      <p class="boneyard">{hand ? `Boneyard: ${hand.boneyardSize} tile${hand.boneyardSize === 1 ? '' : 's'}` : ''}</p>
    </>
  );
}
