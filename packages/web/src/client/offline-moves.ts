import createClient from 'openapi-fetch';
import type { paths } from '../api/api-types';
import { newKey, type Move } from './api';
import { loadSession } from './session';

/** A move made with the network cut: sent when it is back, with its key and the version it was decided on. */
interface QueuedMove {
  readonly gameId: string;
  readonly version: number;
  readonly move: Move;
  /** The Idempotency-Key, the same on every try: a move is made once, however often it is sent. */
  readonly key: string;
}

const QUEUE = 'chickenfoot.queued-moves';
/** What the page says while a move waits for the network. */
export const OFFLINE_NOTICE = 'You are offline; your move will be sent when you are back.';

const queued = (): QueuedMove[] => {
  try {
    return JSON.parse(localStorage.getItem(QUEUE) ?? '[]') as QueuedMove[];
  } catch {
    return [];
  }
};
const keep = (moves: readonly QueuedMove[]) => localStorage.setItem(QUEUE, JSON.stringify(moves));

/** What became of a queued move once sent: made, refused (stale: the game moved on), or still waiting. */
export type Sent = { readonly gameId: string; readonly outcome: 'made' | 'stale' | 'refused' };

/**
 * Sends the moves queued offline, oldest first, each with its own key and If-Match: one the game moved
 * past meanwhile is refused (412) and dropped, never applied to a game it was not decided on; a move
 * whose answer was lost is recognised by its key when sent again, so it is made once. A move the
 * network fails again stays queued for the next reconnect.
 */
export async function sendQueued(onSent: (sent: Sent) => void = () => {}): Promise<void> {
  const session = loadSession();
  if (!session) return;
  const client = createClient<paths>({
    baseUrl: location.origin,
    headers: { authorization: `Bearer ${session.token}` },
  });
  for (const move of queued()) {
    let outcome: Sent['outcome'];
    try {
      const { response } = await client.POST('/v1/games/{id}/moves', {
        params: { path: { id: move.gameId }, header: { 'If-Match': `"${move.version}"`, 'Idempotency-Key': move.key } },
        body: move.move,
      });
      if (response.status >= 500 || response.status === 429) return;
      outcome = response.ok ? 'made' : response.status === 412 ? 'stale' : 'refused';
    } catch {
      return;
    }
    keep(queued().filter((m) => m.key !== move.key));
    onSent({ gameId: move.gameId, outcome });
  }
}

/**
 * Sends a move now, or, with the network cut, queues it (sent on reconnect: see `sendQueued`) and says so.
 * @example send(move) { return sendOrQueue(this.gameId, view.version, move, () => this.command(…), say); }
 */
export function sendOrQueue(
  gameId: string,
  version: number | undefined,
  move: Move,
  online: () => Promise<void>,
  say: (notice: string) => void,
): Promise<void> {
  if (navigator.onLine || version === undefined) return online();
  keep([...queued(), { gameId, version, move, key: newKey() }]);
  say(OFFLINE_NOTICE);
  return Promise.resolve();
}
