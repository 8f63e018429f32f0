import type { TestClient } from '@chickenfoot/api/testing';
import { fullSet, type BotLevel, type Move } from '@chickenfoot/rules';
import type { Choose } from './choice';
import type { Exchange } from './play';

/** A game to play for the hidden-information scan. */
export interface HiddenGame {
  readonly set: 6 | 9 | 12 | 15;
  readonly seats: number;
  readonly rules?: Record<string, unknown>;
  /** Every how many moves a seat tries a move it may not make, and the seats catch up on events. */
  readonly every: { readonly probe: number; readonly catchUp: number };
  /** Bots in the last seats, at these levels (the players take the first ones). */
  readonly bots?: readonly BotLevel[];
  /** A player who leaves the game, and after how many moves; they go on reading it to the end. */
  readonly leaves?: { readonly seat: number; readonly afterMoves: number };
}

const sameMove = (a: Move, b: Move) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Plays a whole game through the API and records every exchange each seat had: registering,
 * creating and joining, each turn's view and move, refused moves a seat tries now and then (not
 * in its legal moves: it must be refused), and every few moves each seat catching up on events
 * (pages of random size) and perhaps announcing or calling out. At the end every seat reads the
 * whole game from version 0, and its list of games. Returns the exchanges and the game id.
 */
export async function playObserved(
  api: TestClient,
  game: HiddenGame,
  choose: Choose,
): Promise<{ gameId: string; exchanges: Exchange[]; moves: number }> {
  const exchanges: Exchange[] = [];
  const seen = (x: Exchange) => exchanges.push(x);
  const bots = game.bots ?? [];
  const humans = game.seats - bots.length;
  const players = await Promise.all(Array.from({ length: humans }, (_, i) => api.register(`Seat ${i}`)));
  const tokens = players.map((p) => p.token);
  const created = await api.createGame(tokens[0] as string, {
    seats: game.seats,
    rules: { set: game.set, ...game.rules },
    ...(bots.length > 0 ? { bots: bots.map((level, i) => ({ level, seat: humans + i })) } : {}),
  });
  if (created.status !== 201) throw new Error(`create: ${created.status} ${created.text}`);
  seen({ seat: 0, method: 'POST', path: '/v1/games', res: created });
  const gameId = created.body.game.id as string;
  // The seats players still play: the one who leaves is taken out, and only reads from then on.
  const active = new Set(tokens.keys());
  for (let seat = 1; seat < humans; seat++) {
    const joined = await api.join(tokens[seat] as string, gameId, created.body.game.inviteCode);
    seen({ seat, method: 'POST', path: `/v1/games/${gameId}/join`, res: joined });
  }

  // A watcher (seat -1 in the exchanges) holds a link seat 0 made: it must see what a spectator does.
  const link = await api.call('POST', `/v1/games/${gameId}/watch-links`, {
    token: tokens[0],
    headers: { 'idempotency-key': `watch-${gameId}` },
  });
  if (link.status !== 201) throw new Error(`watch link: ${link.status} ${link.text}`);
  const watchToken = link.body.token as string;
  let watcherAt = 0;
  const watch = async (from: number, limit: number) => {
    const res = await api.call('GET', '/v1/watch', { token: watchToken });
    seen({ seat: -1, method: 'GET', path: '/v1/watch', res });
    for (let after = from, pages = 0; ; pages++) {
      if (pages > 5000) throw new Error('the watcher’s catch-up does not end');
      const page = await api.call('GET', `/v1/watch/events?after=${after}&limit=${limit}`, { token: watchToken });
      seen({ seat: -1, method: 'GET', path: '/v1/watch/events', res: page });
      if (page.status !== 200) throw new Error(`watch: ${page.status} ${page.text}`);
      after = page.body.version;
      if (page.body.next === null) return after;
    }
  };

  const caughtUp = Array.from({ length: game.seats }, () => 0);
  const view = async (seat: number) => {
    const res = await api.view(tokens[seat] as string, gameId);
    seen({ seat, method: 'GET', path: `/v1/games/${gameId}`, res });
    return res.body as {
      version: number;
      status: string;
      legalMoves: Move[];
      hand: { turn: number; board: unknown[] } | null;
    };
  };
  const move = async (seat: number, body: Move, version: number) => {
    const res = await api.move(tokens[seat] as string, gameId, body, version);
    seen({ seat, method: 'POST', path: `/v1/games/${gameId}/moves`, sentVersion: version, body, res });
    return res;
  };
  const catchUp = async (seat: number, from: number, limit: number) => {
    for (let after = from, pages = 0; ; pages++) {
      if (pages > 5000) throw new Error('catch-up does not end');
      const path = `/v1/games/${gameId}/events?after=${after}&limit=${limit}`;
      const res = await api.call('GET', path, { token: tokens[seat] });
      seen({ seat, method: 'GET', path: `/v1/games/${gameId}/events`, res });
      if (res.status !== 200) throw new Error(`catch-up: ${res.status} ${res.text}`);
      after = res.body.version;
      if (res.body.next === null) return after;
    }
  };

  const leave = async (seat: number) => {
    const own = await view(seat);
    const res = await api.leave(tokens[seat] as string, gameId, own.version);
    seen({ seat, method: 'POST', path: `/v1/games/${gameId}/leave`, sentVersion: own.version, res });
    if (res.status !== 200) throw new Error(`leave: ${res.status} ${res.text}`);
    active.delete(seat);
    // A move of theirs is refused from now on.
    const refused = await move(seat, { type: 'pass' }, res.body.version);
    if (refused.status !== 403) throw new Error(`a move after leaving got ${refused.status}: ${refused.text}`);
    return res.body.game as Awaited<ReturnType<typeof view>>;
  };

  let moves = 0;
  for (let current = await view(0); current.status === 'playing'; moves++) {
    if (moves > 20_000) throw new Error('the game does not end');
    if (game.leaves && moves === game.leaves.afterMoves) {
      current = await leave(game.leaves.seat);
      if (current.status !== 'playing') break;
    }
    const turn = current.hand?.turn as number;
    if (!active.has(turn)) {
      // Bots play the seats nobody plays; a chain cut at its bound goes on with the next look.
      current = await view(choose([...tokens.keys()]));
      continue;
    }
    const mine = await view(turn);
    if (moves % game.every.probe === 2) {
      // A move the seat may not make (a random seat, a random try): it must be refused.
      const seat = choose([...active]);
      const own = seat === turn ? mine : await view(seat);
      const tries: Move[] = [
        { type: 'play', tile: choose(fullSet(game.set)), on: choose([0, 1, (own.hand?.board.length ?? 1) - 1]) },
        { type: 'draw' },
        { type: 'pass' },
        { type: 'announce' },
        { type: 'callout', seat: choose([...tokens.keys()]) },
      ];
      const attempt = choose(tries);
      if (!own.legalMoves.some((m) => sameMove(m, attempt))) {
        const refused = await move(seat, attempt, own.version);
        if (refused.status !== 422)
          throw new Error(`a move not in legalMoves got ${refused.status}: ${JSON.stringify(attempt)} ${refused.text}`);
      }
    }
    // Mostly a play when there is one (passing a playable drawn tile only now and then), so long sets end sooner.
    const plays = mine.legalMoves.filter((m) => m.type === 'play');
    const reply = await move(
      turn,
      choose(plays.length > 0 && choose([true, true, true, false]) ? plays : mine.legalMoves),
      mine.version,
    );
    if (reply.status !== 200) throw new Error(`move: ${reply.status} ${reply.text}`);
    current = reply.body.game;
    if (moves % game.every.catchUp === 0) {
      for (const seat of tokens.keys()) {
        caughtUp[seat] = await catchUp(seat, caughtUp[seat] as number, choose([3, 50, 1000]));
        const own = await view(seat);
        const extras = own.legalMoves.filter((m) => m.type === 'announce' || m.type === 'callout');
        if (extras.length > 0 && choose([true, false])) await move(seat, choose(extras), own.version);
      }
      watcherAt = await watch(watcherAt, choose([3, 50, 1000]));
      // An announcement or call-out may have changed whose turn it is.
      current = await view(choose([...active]));
    }
  }
  await watch(0, choose([1, 10, 100, 1000]));
  for (const seat of tokens.keys()) {
    await catchUp(seat, 0, choose([1, 10, 100, 1000]));
    const list = await api.call('GET', '/v1/me/games', { token: tokens[seat] });
    seen({ seat, method: 'GET', path: '/v1/me/games', res: list });
  }
  return { gameId, exchanges, moves };
}
