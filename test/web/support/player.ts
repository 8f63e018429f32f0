import type { Browser } from 'playwright-core';
import { expect } from 'vitest';
import { isolatedPage, type IsolatedPage } from '../../support/browser';
import { offContract } from './public-only';
import { screenshot, VIEWPORTS } from './screens';

/** A person at a browser: their own context (so their own localStorage), on a phone or a desktop. */
export interface Player extends IsolatedPage {
  readonly name: string;
  /** Which of VIEWPORTS, for the screenshots' names. */
  readonly device: keyof typeof VIEWPORTS;
}

/** A person who has never been here: a browser of their own, no account yet, `name` for when they sign up. */
export async function newcomer(
  browser: Browser,
  name: string,
  device: keyof typeof VIEWPORTS = 'desktop',
): Promise<Player> {
  return { ...(await isolatedPage(browser, VIEWPORTS[device])), name, device };
}

/** Opens `/` and signs up with `name` by typing it, as a person would. */
export async function signUp(
  browser: Browser,
  baseUrl: string,
  name: string,
  device: keyof typeof VIEWPORTS = 'desktop',
): Promise<Player> {
  const player = await newcomer(browser, name, device);
  const { page } = player;
  await page.goto(`${baseUrl}/`);
  await screenshot(page, `home-signed-out-${device}`);
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Start playing' }).click();
  await page.getByRole('heading', { name: 'Your games' }).waitFor();
  await expect.poll(() => page.locator('#device-name').textContent()).toBe(name);
  return player;
}

/**
 * The options of a short game against one random bot: double-6, three tiles each, and every play that is
 * the only move made by the server, so a game is over in a few dozen clicks.
 */
export const QUICK_BOT_GAME = {
  seats: 2,
  bots: 1,
  set: 6,
  handSize: 3,
  opening: 'next-highest',
  autoPlay: 'only-move',
  drawnTile: 'must-play',
  botLevel: 'random',
} as const;

/** On `/new`: sets the options (radio values or numbers, by field name) and creates the game; returns its id. */
export async function createGame(player: Player, baseUrl: string, options: Record<string, string | number>) {
  const { page } = player;
  await page.goto(`${baseUrl}/new`);
  await screenshot(page, `new-game-${player.device}`);
  for (const [name, value] of Object.entries(options)) {
    const radio = page.locator(`input[type=radio][name="${name}"][value="${value}"]`);
    if ((await radio.count()) > 0) await radio.check();
    else await page.locator(`input[name="${name}"]`).fill(String(value));
  }
  await page.getByRole('button', { name: 'Create the game' }).click();
  await page.waitForURL(/\/games\/g_/);
  await page.locator('body[data-ready=true]').waitFor();
  return page.url().split('/games/')[1]!;
}

/** The invite link the game page shows while seats are free. */
export async function inviteLink(player: Player): Promise<string> {
  const input = player.page.getByLabel(/Send this link/);
  await input.waitFor();
  return input.inputValue();
}

/** Opens an invite link and joins (signing up on the way if this browser has no player yet). */
export async function joinByLink(player: Player, link: string): Promise<void> {
  const { page } = player;
  await page.goto(link);
  await page.getByRole('heading', { name: /invited/ }).waitFor();
  await screenshot(page, `join-${player.device}`);
  if (await page.getByLabel('Your name').isVisible()) await page.getByLabel('Your name').fill(player.name);
  await page.getByRole('button', { name: 'Join the game' }).click();
  await page.waitForURL(/\/games\/g_/);
  await page.locator('body[data-ready=true]').waitFor();
}

// Read in the page (a string, as it runs in the browser, where Node's types do not apply).
const STATE = `({
  version: Number(document.body.dataset.version ?? 0),
  status: document.body.dataset.status ?? '',
  mine: document.body.classList.contains('my-turn'),
  ready: document.body.dataset.ready === 'true',
})`;

/** The version and status the game page shows, and whether it is this player's turn. */
export async function pageState(player: Player) {
  return player.page.evaluate<{ version: number; status: string; mine: boolean; ready: boolean }>(STATE);
}

/** The page's `<body>` as the functions below see it in the browser (Node's types have no DOM). */
type Body = { body: { dataset: Record<string, string | undefined> } };

/** Waits until the page shows a version past `version`. */
export async function waitPast(player: Player, version: number): Promise<void> {
  // A function, not a string: the page's CSP forbids evaluating strings.
  await player.page.waitForFunction(
    (v) => Number((globalThis as unknown as { document: Body }).document.body.dataset.version ?? 0) > v,
    version,
    { timeout: 15_000 },
  );
}

/** Nothing left the machine, the console stayed quiet, and only the contract's paths were asked for. */
export function expectClean(player: Player): void {
  expect(player.blocked, player.name).toEqual([]);
  expect(player.errors, player.name).toEqual([]);
  expect(offContract(player.requested), player.name).toEqual([]);
}
