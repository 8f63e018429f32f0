import { resolveRuleset, type Player, type RulesetOptions } from '@chickenfoot/rules';
import type { Store, QuickMatchReceipt } from '@chickenfoot/store';
import { NotFoundError, RefusedError, type RefusalCode } from '../errors';
import type { CommandChain } from '../games/chain';
import { rulesKey } from './lobby-entry';
import type { GameService } from '../games/service';

/** How many of the longest-waiting games with the rules asked for are tried before creating one. */
const CANDIDATES = 10;
// Not joinable any more (filled or cancelled since the lobby listed it): try the next.
const GONE: ReadonlySet<RefusalCode> = new Set(['rules/game-full', 'rules/game-cancelled']);

/** What quick match is built on. */
export interface QuickMatchDeps {
  readonly games: GameService;
  readonly store: Store;
  /** The game id a player's key creates (the `Signer`'s), so a retried creation lands on the same game. */
  readonly gameIdFor: (playerId: string, key: string) => string;
}

/** What a player asks quick match for. */
export interface QuickMatchRequest {
  readonly player: Player;
  readonly seats: number;
  readonly rules: RulesetOptions;
  readonly key: string;
}

/**
 * Joins the open game with these seats and rules that has waited longest (one Query of the lobby),
 * leaving out the player's own; with none, their own such game, or else a new open game. Each choice
 * is claimed first (`claimQuickMatch`), so a retry with the same key, or two at once, go to the game
 * the first one chose, where the join (or creation) is recognised by its key.
 */
export async function quickMatch(
  deps: QuickMatchDeps,
  request: QuickMatchRequest,
): Promise<{ chain: CommandChain; created: boolean }> {
  const { player, seats, rules, key } = request;
  const resolved = resolveRuleset(seats, rules);
  if (!resolved.ok)
    throw new RefusedError('rules/invalid-ruleset', `These rules cannot make a game: ${resolved.reason}.`);
  const { entries } = await deps.store.lobby.list({
    rulesKey: rulesKey(seats, resolved.rules),
    oldestFirst: true,
    limit: CANDIDATES,
  });
  const mine = (ids: unknown) => Array.isArray(ids) && ids.includes(player.id);
  const others = entries.filter((e) => !mine(e.playerIds) && Number(e.freeSeats) > 0).map((e) => e.gameId);
  const own = entries.find((e) => mine(e.playerIds))?.gameId;
  const fresh = { gameId: deps.gameIdFor(player.id, key), created: true };
  const choices: QuickMatchReceipt[] = [
    ...others.map((gameId) => ({ gameId, created: false })),
    own ? { gameId: own, created: false } : fresh,
  ];
  let previous: string | null = null;
  for (let i = 0; i < choices.length; i++) {
    let choice = choices[i] as QuickMatchReceipt;
    if (!(await deps.store.quickMatches.claim(player.id, key, choice, previous))) {
      // Another attempt with this key chose first (a retry, or two at once): go where it went.
      choice = (await deps.store.quickMatches.read(player.id, key)) ?? choice;
    }
    previous = choice.gameId;
    try {
      return { chain: await enter(deps, request, choice, resolved.rules), created: choice.created };
    } catch (error) {
      // The last choice (a creation, or one's own game) is not given up on.
      const gone = error instanceof NotFoundError || (error instanceof RefusedError && GONE.has(error.code));
      if (!gone || choice.created) throw error;
      if (i === choices.length - 1) choices.push(fresh);
    }
  }
  throw new Error('quick match ran out of choices');
}

/** Joins the chosen game, or creates it open (a retry of either is recognised by the key). */
function enter(
  deps: QuickMatchDeps,
  request: QuickMatchRequest,
  choice: QuickMatchReceipt,
  rules: RulesetOptions,
): Promise<CommandChain> {
  const actor = { kind: 'player', playerId: request.player.id } as const;
  const { key, player, seats } = request;
  if (choice.created) {
    const create = { type: 'create', seats, rules, player, open: true } as const;
    return deps.games.run(choice.gameId, actor, create, { expectedVersion: 0, key });
  }
  const join = { type: 'join', player, withoutCode: true } as const;
  return deps.games.run(choice.gameId, actor, join, { expectedVersion: null, key });
}
