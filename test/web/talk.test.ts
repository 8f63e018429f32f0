// Table talk on the web client: two players at one game say things to each other (Enter sends,
// Shift+Enter breaks a line), the other page hears of it within a second (a long-poll on the messages,
// as fast as moves), muting is for oneself and kept, and a message shows as typed (never as markup).
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
    await joinByLink(ben, link);
    await ben.page.getByText('Nothing said yet.').waitFor();
    // Ben's page is waiting on the table's messages (its long-poll is open) before Ann speaks.
    await expect.poll(() => ben.requested.filter((url) => url.includes('/messages?')).length).toBeGreaterThan(0);

    // Ann types and presses Enter: sent; Ben's page shows it within a second, by itself.
    const annBox = ann.page.getByLabel('Say something to the table');
    await annBox.click();
    await ann.page.keyboard.type('Good luck, Ben!');
    await ann.page.keyboard.press('Shift+Enter');
    await ann.page.keyboard.type('May the doubles be with you.');
    const sent = Date.now();
    await ann.page.keyboard.press('Enter');
    await expect
      .poll(() => shown(ben), { timeout: 1_000, interval: 25 })
      .toEqual([{ who: 'Ann', text: 'Good luck, Ben!\nMay the doubles be with you.' }]);
    console.log(`talk: Ann's message seen on Ben's page ${Date.now() - sent} ms after she pressed Enter`);
    await expect
      .poll(() => shown(ann))
      .toEqual([{ who: 'You', text: 'Good luck, Ben!\nMay the doubles be with you.' }]);
    // The box is empty again for the next thing to say.
    expect(await annBox.inputValue()).toBe('');

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

  it('waits on the table with one long-poll at a time, never a loop of looks', async () => {
    const { baseUrl } = site;
    const cy = await signUp(site.browser, baseUrl, 'Cy', 'desktop');
    await createGame(cy, baseUrl, { seats: 2, set: 6 });
    const link = await inviteLink(cy);
    const dee = await newcomer(site.browser, 'Dee', 'desktop');
    await joinByLink(dee, link);
    await dee.page.getByText('Nothing said yet.').waitFor();
    const looks = () => dee.requested.filter((url) => new URL(url).pathname.endsWith('/messages'));
    // A quiet table for 3 s: what was said so far read at once, then one request waiting (up to 20 s)
    // for the first thing said.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(looks().map((url) => new URL(url).searchParams.get('wait'))).toEqual([null, '20']);
    expectClean(cy);
    expectClean(dee);
  }, 60_000);
});
