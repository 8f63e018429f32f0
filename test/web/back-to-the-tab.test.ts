// Back to the tab, in a real browser: a game page left in a background tab while the hand ended and the
// next began shows, when the player comes back, how the hand ended before (or with) the next hand's
// board, never the new board first with the hand's end told a moment later.
import { describe, expect, it } from 'vitest';
import { Seat, type Move } from '../e2e/client';
import { chooser } from '../e2e/play-loop';
import { isolatedPage } from '../support/browser';
import { pageState, waitPast, type Player } from './support/player';
import { VIEWPORTS } from './support/screens';
import { siteForSuite } from './support/site';
import { signInAs } from './support/session';

const site = siteForSuite({ limits: { perPlayer: { burst: 1e6, perSecond: 1e6 } } });

/** What the page showed, each time it changed: the version on the board, and whether the story has told hand 1's end. */
type Seen = { version: number; told: boolean };

/**
 * Makes the tab hidden or visible as a browser does when the player switches away and back: the page's
 * `document.visibilityState` and a `visibilitychange` event. From the first call on, records what the
 * page shows at each change (a MutationObserver, so every render is seen, not a sample).
 */
function setVisible(player: Player, visible: boolean): Promise<void> {
  return player.page.evaluate(`(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => ${visible ? "'visible'" : "'hidden'"} });
    if (!window.seen) {
      window.seen = [];
      const record = () => window.seen.push({
        version: Number(document.body.dataset.version ?? 0),
        told: (document.querySelector('#news')?.textContent ?? '').includes('Hand 1 is over'),
      });
      new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true });
    }
    document.dispatchEvent(new Event('visibilitychange'));
  })()`);
}

describe('coming back to a game left in a background tab', () => {
  it("tells how the hand ended no later than it shows the next hand's board", async () => {
    const [ann, bob] = (await Promise.all(['Ann', 'Bob'].map((name) => Seat.register(site.baseUrl, name)))) as [
      Seat,
      Seat,
    ];
    const created = await ann.create(2, { set: 6, handSize: 6, opening: 'next-highest' });
    await bob.join(created.id, created.inviteCode ?? '');
    const id = created.id;

    const isolated = await isolatedPage(site.browser, VIEWPORTS.phone);
    const player: Player = { ...isolated, name: 'Ann', device: 'phone' };
    await signInAs(isolated.context, site.baseUrl, ann);
    const { page } = player;
    await page.goto(`${site.baseUrl}/games/${id}`);
    await page.locator('body[data-ready=true]').waitFor();
    const before = (await pageState(player)).version;

    // Ann switches to another app; both seats play on through the API until hand 1 is over.
    await setVisible(player, false);
    const choose = chooser(27);
    for (let i = 0; i < 200; i++) {
      const view = await ann.view(id);
      if (view.status !== 'playing' || !view.hand || view.hand.index > 0) break;
      const seat = view.hand.turn === 0 ? ann : bob;
      const own = seat === ann ? view : await bob.view(id);
      const moves = own.legalMoves.filter((m: Move) => m.type === 'play' || m.type === 'pass' || m.type === 'draw');
      if (moves.length === 0) continue;
      await seat.move(id, own.version, choose(moves));
    }
    const commits = (await ann.events(id, before)).commits;
    const ended = commits.find((c) => c.events.some((e) => e.type === 'HandEnded'));
    expect(ended, 'hand 1 ended while the tab was hidden').toBeDefined();
    const newest = commits.at(-1)!.version;
    // The hidden page waits: it has not shown the hand's end yet (at most the wait it had open came back).
    expect((await pageState(player)).version).toBeLessThan(ended!.version);

    // Back to the tab.
    await setVisible(player, true);
    await waitPast(player, newest - 1);
    await page.locator('#news').getByText('Hand 1 is over').first().waitFor();
    const seen = await page.evaluate<Seen[]>('window.seen');
    // The page did move on (the recorder saw it), and never showed a board of after the hand's end
    // without the hand's end in its story.
    expect(seen.some((s) => s.version >= ended!.version)).toBe(true);
    expect(seen.filter((s) => s.version >= ended!.version && !s.told)).toEqual([]);
    expect(player.errors).toEqual([]);
  }, 120_000);
});
