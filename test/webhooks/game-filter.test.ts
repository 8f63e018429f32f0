// The README's "`"games": [ids]` limits an endpoint to some games": an endpoint with a list of games gets
// those games' notifications and no other's, while an endpoint without one gets every game's; changing
// the list changes what comes (within the 15 s an endpoint's change may take to reach every server).
import { afterEach, describe, expect, it } from 'vitest';
import { addEndpoint, hooked, step } from './support';

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((o) => o.close()));
});

describe('an endpoint limited to some games', () => {
  it('gets the notifications of its games only; one without a list gets every game’s; a new list applies', async () => {
    const h = await hooked();
    opened.push(h);
    const ann = await h.player('Ann');
    const bob = await h.api.register('Bob');
    const create = async () => {
      const created = await h.api.createGame(ann.token, { seats: 2, rules: { set: 6 } });
      return { id: created.body.game.id as string, code: created.body.game.inviteCode as string };
    };
    const [first, second] = [await create(), await create()];
    const only = await addEndpoint(h.api, ann.token, { url: `${h.receiver.url}/only`, games: [first.id] });
    expect(only.body.endpoint.games).toEqual([first.id]);
    for (const game of [first, second]) await h.api.join(bob.token, game.id, game.code);
    const players = [ann, bob];
    // Both games played on in turns, a notification or more each move, each delivered by a sweep.
    const play = async (moves: number) => {
      for (let i = 0; i < moves; i++) {
        for (const game of [first, second]) await step(h.api, players, game.id);
        await h.sweep();
      }
    };
    await h.sweep();
    await play(4);
    const to = (path: string) => h.receiver.requests.filter((r) => r.path === path).map((r) => r.json.data.gameId);
    const everything = to('/hook');
    expect(new Set(everything)).toEqual(new Set([first.id, second.id]));
    // The limited endpoint got exactly what the unlimited one got of its game, and nothing of the other.
    expect(to('/hook/only')).toEqual(everything.filter((id) => id === first.id));
    expect(to('/hook/only').length).toBeGreaterThan(0);

    // Now the other game only.
    const changed = await h.api.call('PATCH', `/v1/me/webhooks/${only.body.endpoint.id}`, {
      token: ann.token,
      body: { games: [second.id] },
    });
    expect(changed.body.games).toEqual([second.id]);
    h.clock.now += 16_000;
    const [before, beforeAll] = [to('/hook/only').length, to('/hook').length];
    await play(4);
    const later = to('/hook/only').slice(before);
    expect(later.length).toBeGreaterThan(0);
    expect(later).toEqual(
      to('/hook')
        .slice(beforeAll)
        .filter((id) => id === second.id),
    );
  });
});
