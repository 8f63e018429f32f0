/**
 * `npm run bench:engine`: random self-play of full games (double-9, 4 seats, default rules) through
 * the rules' public API (decide, evolve, legalMoves), on one core. Prints games/s and events/s and
 * where the time goes; the last line is one JSON object with the figures.
 */
import { evolve, initialState, legalMoves, selfPlay, seededRandom, type GameEvent } from '@chickenfoot/rules';

const SECONDS_PER_ROUND = 2;
const ROUNDS = 5;

function playFor(seconds: number, firstSeed: number) {
  let games = 0;
  let events = 0;
  let commands = 0;
  const start = performance.now();
  while (performance.now() - start < seconds * 1000) {
    const result = selfPlay({ seats: 4, random: seededRandom(firstSeed + games) });
    games++;
    events += result.events.length;
    commands += result.commands;
  }
  const elapsed = (performance.now() - start) / 1000;
  return {
    gamesPerSecond: games / elapsed,
    eventsPerSecond: events / elapsed,
    commandsPerSecond: commands / elapsed,
    games,
    events,
    commands,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

playFor(1, 1_000_000); // warm-up: let the JIT settle before measuring
const rounds = Array.from({ length: ROUNDS }, (_, round) => playFor(SECONDS_PER_ROUND, round * 100_000));
for (const [i, r] of rounds.entries()) {
  console.log(
    `round ${i + 1}: ${r.gamesPerSecond.toFixed(0)} games/s, ${r.eventsPerSecond.toFixed(0)} events/s, ${r.commandsPerSecond.toFixed(0)} commands/s`,
  );
}

// Where the time goes: replay recorded games through evolve alone, and ask legalMoves for every seat
// after each event, then compare with whole self-play of the same games.
const recorded: (readonly GameEvent[])[] = [];
const perGame = { events: 0, commands: 0 };
for (let seed = 0; seed < 200; seed++) {
  const r = selfPlay({ seats: 4, random: seededRandom(seed) });
  recorded.push(r.events);
  perGame.events += r.events.length / 200;
  perGame.commands += r.commands / 200;
}
function timeIt(work: () => void): number {
  work(); // warm
  const start = performance.now();
  work();
  return (performance.now() - start) / recorded.length; // ms per game
}
let sink = 0;
const replay = (withLegalMoves: boolean) => () => {
  for (const events of recorded) {
    let state = initialState();
    for (const event of events) {
      state = evolve(state, event);
      if (withLegalMoves) for (let seat = 0; seat < 4; seat++) sink += legalMoves(state, seat).length;
    }
  }
};
const selfPlayMs = timeIt(() => {
  for (let seed = 0; seed < recorded.length; seed++) selfPlay({ seats: 4, random: seededRandom(seed) });
});
const evolveMs = timeIt(replay(false));
const legalMs = timeIt(replay(true)) - evolveMs;
// Self-play folds every event once (inside decide, which returns the state it reached) and asks
// legalMoves for every seat once per command; the rest is decide's own validation and flow.
const legalPerCommandMs = (legalMs * perGame.commands) / perGame.events;
const decideMs = Math.max(0, selfPlayMs - evolveMs - legalPerCommandMs);
const share = (ms: number) => Math.round((ms / selfPlayMs) * 100);
console.log(
  `per game (${perGame.events.toFixed(0)} events, ${perGame.commands.toFixed(0)} commands): ${selfPlayMs.toFixed(3)} ms; ` +
    `evolve ${share(evolveMs)}%, legalMoves ${share(legalPerCommandMs)}%, decide's checks and flow ${share(decideMs)}% (sink ${sink % 10})`,
);

const result = {
  benchmark: 'engine',
  game: { set: 9, seats: 4, rules: 'default' },
  gamesPerSecond: Math.round(median(rounds.map((r) => r.gamesPerSecond))),
  eventsPerSecond: Math.round(median(rounds.map((r) => r.eventsPerSecond))),
  commandsPerSecond: Math.round(median(rounds.map((r) => r.commandsPerSecond))),
  eventsPerGame: Math.round(perGame.events),
  commandsPerGame: Math.round(perGame.commands),
  timeShare: { evolve: share(evolveMs), legalMoves: share(legalPerCommandMs), decide: share(decideMs) },
  node: process.version,
};
console.log(JSON.stringify(result));
