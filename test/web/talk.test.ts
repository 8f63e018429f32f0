// Table talk on the web client: two players at one game say things to each other, the other page
// hears of it by itself (more seldom while the table is quiet), muting is for oneself and kept, and a
// message shows as typed (never as markup).
// The real site over real HTTP, in a real browser; every reply the pages get is checked against the contract.
import { describe, expect, it } from 'vitest';
import { createGame, expectClean, inviteLink, joinByLink, newcomer, signUp, type Player } from './support/player';
import { screenshot } from './support/screens';
import { siteForSuite } from './support/site';

const site = siteForSuite();

/** The messages a page shows: who said each (as that page names them) and what. */
async function shown(player: Player): Promise<{ who: string; text: string }[]> {
  const items = player.page.locator('.talk-list li');
  const out = [];
  for (let i = 0; i < (await items.count()); i++) {
    const item = items.nth(i);
    out.push({
      who: (await item.locator('.talk-who').textContent()) ?? '',
      text: (await item.locator('.talk-text').textContent()) ?? '',
    });
  }
  return out;
}

async function say(player: Player, text: string): Promise<void> {
  await player.page.getByLabel('Say something to the table').fill(text);
  await player.page.getByRole('button', { name: 'Send' }).click();
}

describe('table talk on the web client', () => {
  it('says things at the table, hears the others by itself, and mutes for oneself', async () => {
    const { baseUrl } = site;
    const ann = await signUp(site.browser, baseUrl, 'Ann', 'desktop');
    const gameId = await createGame(ann, baseUrl, { seats: 2, set: 6 });
    const link = await inviteLink(ann);
    const ben = await newcomer(site.browser, 'Ben', 'phone');
    // Ben's page runs on a clock the test moves: its next look for messages comes when the test says.
    await ben.page.clock.install();
    await joinByLink(ben, link);
    await ben.page.getByText('Nothing said yet.').waitFor();

    await say(ann, 'Good luck, Ben!\nMay the doubles be with you.');
    await expect
      .poll(() => shown(ann))
      .toEqual([{ who: 'You', text: 'Good luck, Ben!\nMay the doubles be with you.' }]);
    // The box is empty again for the next thing to say.
    expect(await ann.page.getByLabel('Say something to the table').inputValue()).toBe('');

    // Ben's page looks again within 15 seconds, by itself.
    expect(await shown(ben)).toEqual([]);
    await ben.page.clock.fastForward(16_000);
    await expect
      .poll(() => shown(ben))
      .toEqual([{ who: 'Ann', text: 'Good luck, Ben!\nMay the doubles be with you.' }]);
    // Ben types his answer: Enter sends it, Shift+Enter breaks its line first.
    const box = ben.page.getByLabel('Say something to the table');
    await box.click();
    await ben.page.keyboard.type('<b>Thanks</b>');
    await ben.page.keyboard.press('Shift+Enter');
    await ben.page.keyboard.type('& you too');
    expect(await box.inputValue()).toBe('<b>Thanks</b>\n& you too');
    await ben.page.keyboard.press('Enter');
    await expect
      .poll(() => shown(ben))
      .toEqual([
        { who: 'Ann', text: 'Good luck, Ben!\nMay the doubles be with you.' },
        { who: 'You', text: '<b>Thanks</b>\n& you too' },
      ]);
    expect(await box.inputValue()).toBe('');
    // Shown as typed: no element came of it.
    expect(await ben.page.locator('.talk-text b').count()).toBe(0);
    await screenshot(ben.page, 'talk-phone');

    // Muting is Ben's alone, and kept: Ann still talks, Ben sees none of it, even after a reload.
    await ben.page.getByRole('button', { name: 'Mute' }).click();
    await ben.page.getByText('You muted this table').waitFor();
    await say(ann, 'Your move!');
    await expect.poll(async () => (await shown(ann)).length).toBe(3);
    await ben.page.reload();
    await ben.page.locator('body[data-ready=true]').waitFor();
    await ben.page.getByText('You muted this table').waitFor();
    expect(await shown(ben)).toEqual([]);
    await ben.page.getByRole('button', { name: 'Unmute' }).click();
    await expect
      .poll(async () => (await shown(ben)).map((m) => m.text))
      .toEqual(['Good luck, Ben!\nMay the doubles be with you.', '<b>Thanks</b>\n& you too', 'Your move!']);
    expect(await ann.page.locator('body').getAttribute('data-status')).toBe('playing');
    expect(gameId).toMatch(/^g_/);
    expectClean(ann);
    expectClean(ben);
  }, 90_000);

  it('looks less often while the table is quiet, and again at once when the game moves', async () => {
    const { baseUrl } = site;
    const cy = await signUp(site.browser, baseUrl, 'Cy', 'desktop');
    await createGame(cy, baseUrl, { seats: 2, set: 6 });
    const link = await inviteLink(cy);
    const dee = await newcomer(site.browser, 'Dee', 'desktop');
    await dee.page.clock.install();
    const isLook = (url: string) => new URL(url).pathname.endsWith('/messages');
    let answered = 0;
    dee.page.on('requestfinished', (request) => void (isLook(request.url()) && answered++));
    await joinByLink(dee, link);
    await dee.page.getByText('Nothing said yet.').waitFor();
    const looks = () => dee.requested.filter(isLook).length;
    // The page schedules its next look once a look's reply is read: the clock may move on only then (a
    // jump made while a reply was still on its way would find no look scheduled yet).
    const looked = async (count: number) => {
      await expect.poll(looks).toBe(count);
      await expect.poll(() => answered).toBe(count);
      await new Promise((resolve) => setTimeout(resolve, 300));
    };
    await looked(1);
    // Quiet: 15 s, then 30 s (doubling up to two minutes).
    await dee.page.clock.fastForward(16_000);
    await looked(2);
    await dee.page.clock.fastForward(16_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(looks()).toBe(2);
    await dee.page.clock.fastForward(16_000);
    await looked(3);
    // Cy leaves (a bot takes the seat): the game moves, and Dee's page looks at the table at once.
    await cy.page.getByRole('button', { name: 'Leave this game' }).click();
    await cy.page.getByRole('button', { name: 'Leave for good' }).click();
    await expect.poll(looks, { timeout: 10_000 }).toBe(4);
    expectClean(cy);
    expectClean(dee);
  }, 90_000);
});
