import { SESSION_KEY } from '@chickenfoot/web';
import type { BrowserContext, Page } from 'playwright-core';
import type { Seat } from '../../e2e/client';

/** Signs a browser context in as a player registered elsewhere, as pasting its key on `/` would. */
export async function signInAs(context: BrowserContext, baseUrl: string, seat: Seat): Promise<void> {
  const me = await fetch(`${baseUrl}/v1/me`, { headers: { authorization: `Bearer ${seat.token}` } });
  const { player } = (await me.json()) as { player: { id: string; name: string } };
  const session = JSON.stringify({ token: seat.token, player });
  await context.addInitScript(`localStorage.setItem(${JSON.stringify(SESSION_KEY)}, ${JSON.stringify(session)})`);
}

/** The session a browser keeps (what `/` stores in localStorage), or null. */
export async function keptSession(page: Page): Promise<{ token: string; player: { name: string } } | null> {
  const raw = await page.evaluate(`localStorage.getItem(${JSON.stringify(SESSION_KEY)})`);
  return typeof raw === 'string' ? JSON.parse(raw) : null;
}
