/**
 * Prints a self-played game of Chickenfoot as it goes: `npm run demo [seed] [seats] [set]`.
 * Four bots choose among their legal moves at random; every event is printed in plain words.
 */
import { selfPlay, seededRandom, type GameEvent } from '@chickenfoot/rules';

const [seed = Date.now() % 100_000, seats = 4, set = 9] = process.argv.slice(2).map(Number);

function describe(event: GameEvent): string | null {
  switch (event.type) {
    case 'GameCreated':
      return `New game: double-${event.rules.set}, ${event.seats} seats, ${event.rules.handSize} tiles each, ${event.rules.spokes} spokes`;
    case 'HandDealt':
      return `\n== Hand ${event.hand + 1}: dealer seat ${event.dealer}, opened by ${event.opener}; boneyard ${event.boneyard.length} ==`;
    case 'RootPlaced':
      return `seat ${event.seat} places the root ${event.tile}`;
    case 'TilePlayed':
      return `seat ${event.seat} plays ${event.tile} on #${event.on} (suit ${event.suit})`;
    case 'TileDrawn':
      return `seat ${event.seat} draws${event.reason === 'turn' ? '' : ` (${event.reason})`}`;
    case 'TurnPassed':
      return `seat ${event.seat} passes${event.forced ? ' (forced)' : ''}`;
    case 'TurnSkipped':
      return `seat ${event.seat} loses this turn (Chickenlittle penalty)`;
    case 'ChickenlittleAnnounced':
      return `seat ${event.seat}: "Chickenlittle!"`;
    case 'ChickenlittleCalledOut':
      return `seat ${event.by} calls out seat ${event.seat} (${event.penalty === 'draw' ? 'draws a tile' : 'loses a turn'})`;
    case 'HandEnded':
      return `Hand over (${event.reason === 'out' ? `seat ${event.out} went out` : 'blocked'}): ${event.scores.join(' / ')}`;
    case 'GameEnded':
      return `\nGame over. Totals ${event.totals.join(' / ')}; winner(s): seat ${event.winners.join(', seat ')}`;
    default:
      return null;
  }
}

console.log(`seed ${seed}`);
selfPlay({
  seats,
  rules: { set: set as 6 | 9 | 12 | 15 },
  random: seededRandom(seed),
  onStep: ({ events }) => {
    for (const event of events) {
      const line = describe(event);
      if (line) console.log(line);
    }
  },
});
