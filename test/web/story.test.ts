// One story of the game on the web client: the page tells each commit once, whichever way it came,
// when a move's reply (which holds the bots' moves after it, as one flat list of events) crosses the
// long-poll answering the same commits: once with the long-poll first (answering part of them), once
// with the reply first. Then the story on the page is the events API's, event for event, once each;
// and after a reload the whole game is there, hand by hand, folded.
import type { Locator, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { Seat } from '../e2e/client';
import { createGame, expectClean, pageState, signUp, waitPast, type Player } from './support/player';
import type { Move } from '../e2e/client';
import { screenshot } from './support/screens';
import { keptSession } from './support/session';
import { siteForSuite } from './support/site';

const site = siteForSuite({ seed: 31 });

/** A resolvable promise: the test says when a held reply may go on. */
function gate(): { open: () => void; opened: Promise<void> } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/** Holds every move's answer until `answered.open()`; `posts()` is how many moves the page sent. */
async function holdMoves(page: Page): Promise<{ answered: ReturnType<typeof gate>; posts: () => number }> {
  const answered = gate();
  let posts = 0;
  await page.route(/\/v1\/games\/[^/]+\/moves$/, async (route: Route) => {
    posts++;
    const response = await route.fetch();
    await answered.opened;
    await route.fulfill({ response });
  });
  return { answered, posts: () => posts };
}

/** Every one of `buttons` says it waits (aria-disabled, so disabled to Playwright), and a press cannot land. */
async function expectWaiting(buttons: Locator, what: string): Promise<void> {
  const waiting = await buttons.evaluateAll((all) => all.map((b) => b.getAttribute('aria-disabled')));
  expect(new Set(waiting)).toEqual(new Set(['true']));
  expect(await buttons.last().isDisabled()).toBe(true);
  await buttons
    .last()
    .click({ trial: true, timeout: 300 })
    .then(
      () => expect.fail(`${what} took a press while the move was on its way`),
      (error: Error) => expect(error.name).toBe('TimeoutError'),
    );
}

/** Ann's move, by clicking: a tile that fits (one click when it fits one end, else its first end too). */
async function move(player: Player): Promise<void> {
  const tile = player.page.locator('.hand-button.playable').first();
  const ends = ((await tile.getAttribute('data-ends')) ?? '').split(' ');
  await tile.click();
  if (ends.length > 1) await player.page.locator(`svg.table g.end[data-end="${ends[0]}"]`).click();
}

/**
 * The story's lines on the page by their commit and place (`version.n`), in the game's order (the page
 * lists the newest hand first, each hand's lines oldest first).
 */
async function storyKeys(player: Player): Promise<string[]> {
  const keys = await player.page
    .locator('.story li[data-key]')
    .evaluateAll((items) => items.map((li) => li.getAttribute('data-key') ?? ''));
  const order = (key: string) => key.split('.').map(Number) as [number, number];
  return keys.sort((a, b) => order(a)[0] - order(b)[0] || order(a)[1] - order(b)[1]);
}

/** The same lines as the page shows them, duplicates and all (sorting hides none). */
const storyCount = (player: Player) => player.page.locator('.story li[data-key]').count();

describe('the story of a game on the web client', () => {
  it('tells each commit once when a move’s reply and the long-poll cross, either way round', async () => {
    const ann = await signUp(site.browser, site.baseUrl, 'Ann', 'desktop');
    const { page } = ann;
    // Every long-poll goes through the test, which may cut its answer short or hold it; every move's
    // reply too, which it may hold. Decided when each answer comes back, not when it is asked for.
    let cut = false;
    let hold: Promise<void> | null = null;
    const polled = gate();
    await page.route(/\/v1\/games\/[^/]+\/events\?.*wait=/, async (route: Route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { commits: { version: number }[] };
      // The first answer after the move is cut to its first commit, however many it holds: when the bots
      // are slow to move (a busy machine) it may hold that one alone, and the reply must still go on.
      if (cut && body.commits.length > 0) {
        cut = false;
        const first = body.commits[0]!;
        await route.fulfill({ response, json: { commits: [first], next: null, version: first.version } });
        polled.open();
        return;
      }
      if (hold && body.commits.length > 0) await hold;
      await route.fulfill({ response });
    });
    let moveHeld: Promise<void> | null = null;
    await page.route(/\/v1\/games\/[^/]+\/moves$/, async (route: Route) => {
      const response = await route.fetch();
      if (moveHeld) await moveHeld;
      await route.fulfill({ response });
    });

    await createGame(ann, site.baseUrl, { seats: 3, bots: 2, set: 6, botLevel: 'random' });
    await page.locator('body.my-turn').waitFor();

    // 1. The long-poll first, with only the move's own commit; the reply after it, with the bots' too.
    let before = (await pageState(ann)).version;
    cut = true;
    moveHeld = polled.opened;
    const held = page.waitForResponse((r) => r.url().endsWith('/moves'));
    await move(ann);
    await waitPast(ann, before + 2);
    // The page may reach the next turn by the long-poll (reading the view) before the held reply is
    // back; until it is, the page is busy with that move and would not send another.
    await held;
    moveHeld = null;

    // 2. The reply first; the long-poll after it, answering the same commits.
    await page.locator('body.my-turn').waitFor();
    before = (await pageState(ann)).version;
    const replied = gate();
    hold = replied.opened;
    const reply = page.waitForResponse((r) => r.url().endsWith('/moves'));
    await move(ann);
    await reply;
    replied.open();
    await waitPast(ann, before + 2);
    hold = null;

    // The story on the page is the events API's, once each, in order.
    const seat = new Seat(site.baseUrl, 'Ann', (await keptSession(page))!.token);
    const gameId = page.url().split('/games/')[1]!;
    const version = (await pageState(ann)).version;
    const commits = (await seat.events(gameId, 0)).commits.filter((c) => c.version <= version);
    const expected = commits.flatMap((c) => c.events.map((_, n) => `${c.version}.${n}`));
    await expect.poll(() => storyKeys(ann)).toEqual(expected);
    expect(await storyCount(ann)).toBe(expected.length);
    const live = await page
      .locator('#news > .entries li[data-key]')
      .evaluateAll((items) => items.map((li) => li.getAttribute('data-key')));
    expect(new Set(live).size).toBe(live.length);
    expect(live.length).toBeGreaterThanOrEqual(4);

    // After a reload the whole game is there, hand by hand, each hand folded.
    await page.reload();
    await page.locator('body[data-ready=true]').waitFor();
    await expect.poll(() => storyKeys(ann)).toEqual(expected);
    const hands = page.locator('.story details');
    expect(await hands.count()).toBeGreaterThanOrEqual(2);
    expect(await page.locator('.story details[open]').count()).toBe(0);
    expect(await hands.first().locator('summary').textContent()).toBe('Hand 1: in play');
    await screenshot(page, 'story-desktop');
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    expectClean(ann);
  }, 120_000);

  it('says the hand is waiting while a move is on its way, and takes presses again once its answer is back', async () => {
    const ann = await signUp(site.browser, site.baseUrl, 'Ann', 'desktop');
    const { page } = ann;
    const { answered, posts } = await holdMoves(page);
    await createGame(ann, site.baseUrl, { seats: 3, bots: 2, set: 6, botLevel: 'random' });
    await page.locator('body.my-turn').waitFor();
    const tiles = page.locator('.hand-button');
    expect(await tiles.first().getAttribute('aria-disabled')).toBeNull();
    await move(ann);
    // Until the answer is back, a press would do nothing: every tile says so (to a screen reader, and
    // to a click, which waits), and none sends a second move.
    await page.locator('.hand-button[aria-disabled="true"]').first().waitFor();
    await expectWaiting(tiles, 'a tile');
    // Nor does a drag start: no copy of the tile follows the pointer, and a drop on an end sends nothing.
    const from = (await tiles.first().boundingBox())!;
    const to = (await page.locator('svg.table g.end').first().boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 5 });
    expect(await page.locator('.drag-ghost').count()).toBe(0);
    await page.mouse.up();
    expect(posts()).toBe(1);
    answered.open();
    await page.locator('body.my-turn').waitFor();
    await page.locator('.hand-button[aria-disabled]').first().waitFor({ state: 'detached' });
    expect(await tiles.first().isDisabled()).toBe(false);
    expect(posts()).toBe(1);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    expectClean(ann);
  }, 60_000);

  it('says the board’s ends are waiting too, while a move played on one of them is on its way', async () => {
    const player = await signUp(site.browser, site.baseUrl, 'Ann', 'desktop');
    const { page } = player;
    const ann = new Seat(site.baseUrl, 'Ann', (await keptSession(page))!.token);
    const bob = await Seat.register(site.baseUrl, 'Bob');
    const created = await ann.create(2, { set: 6 });
    await bob.join(created.id, created.inviteCode ?? '');
    // Played through the API (the first legal move each turn) up to a turn of Ann's with a tile that fits
    // two ends or more: a press on it picks it, and the move is made by pressing one of its ends.
    const twoEnds = (moves: readonly Move[]) => {
      const plays = moves.flatMap((m) => (m.type === 'play' ? [m] : []));
      return plays.some((m) => plays.some((other) => other.tile === m.tile && other.on !== m.on));
    };
    for (let turn = 0; ; turn++) {
      if (turn > 200) expect.fail('Ann never held a tile that fits two ends');
      const view = await ann.view(created.id);
      const mover = view.hand?.turn === 0 ? ann : bob;
      const own = mover === ann ? view : await bob.view(created.id);
      if (mover === ann && twoEnds(own.legalMoves)) break;
      const move = own.legalMoves.find((m) => m.type === 'play' || m.type === 'draw' || m.type === 'pass');
      if (!move) expect.fail(`seat ${view.hand?.turn} has no move: ${JSON.stringify(own.legalMoves)}`);
      await mover.move(created.id, own.version, move);
    }

    const { answered, posts } = await holdMoves(page);
    // The long-poll is held too: it would bring the move's commit first, and the page would drop the
    // picked tile (played) before the answer is back.
    await page.route(/\/v1\/games\/[^/]+\/events\?.*wait=/, async (route: Route) => {
      const response = await route.fetch();
      if (posts() > 0) await answered.opened;
      await route.fulfill({ response });
    });
    await page.goto(`${site.baseUrl}/games/${created.id}`);
    await page.locator('body.my-turn[data-ready=true]').waitFor();
    const tile = page.locator('.hand-button.playable[data-ends*=" "]').first();
    const on = ((await tile.getAttribute('data-ends')) ?? '').split(' ')[0];
    await tile.click();
    const ends = page.locator('svg.table g.end[role=button]');
    expect(await ends.count()).toBeGreaterThanOrEqual(2);
    expect(await ends.first().getAttribute('aria-disabled')).toBeNull();
    await page.locator(`svg.table g.end[data-end="${on}"]`).click();
    // Until the answer is back, the picked tile stays picked and its ends stay buttons: each says it
    // waits, and a press on another would send nothing.
    await page.locator('svg.table g.end[aria-disabled="true"]').first().waitFor();
    expect(await ends.count()).toBeGreaterThanOrEqual(2);
    await expectWaiting(ends, 'an end');
    expect(posts()).toBe(1);
    answered.open();
    await page.locator('svg.table g.end[aria-disabled]').first().waitFor({ state: 'detached' });
    expect(await page.locator('.hand-button[aria-pressed="true"]').count()).toBe(0);
    expect(posts()).toBe(1);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    expectClean(player);
  }, 60_000);
});
