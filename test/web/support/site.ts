import type { Limits } from '@chickenfoot/api';
import { fisherYates } from '@chickenfoot/rules';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { chooser } from '../../e2e/play-loop';
import { launchBrowser } from '../../support/browser';
import { checkFetched } from '../../support/contract/fetch';
import { serveApp, type ServedApp } from '../../support/serve';

/** What a web suite plays on, once its `beforeAll` ran. */
export interface Site {
  readonly served: ServedApp;
  readonly browser: Browser;
  readonly baseUrl: string;
}

/**
 * The site a web suite plays on, started before its tests and stopped after them: the app on
 * loopback, every reply the pages receive checked against the contract (as every suite's responses
 * are), the game watcher polling every 40 ms (so a seat hears of a move in tens of milliseconds), and
 * a headless browser. With `seed`, deals come from a seeded shuffle, so each run deals the same games;
 * `limits` changes the app's (a suite that plays through the API at machine speed lifts the per-player one).
 * @example const site = siteForSuite({ seed: 7 }); … await signUp(site.browser, site.baseUrl, 'Ann');
 */
export function siteForSuite(options: { readonly seed?: number; readonly limits?: Partial<Limits> } = {}): Site {
  let served: ServedApp | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    const seeded = options.seed === undefined ? null : chooser(options.seed);
    const shuffle = seeded ? { shuffle: fisherYates((n) => seeded([...Array(n).keys()])) } : {};
    served = await serveApp(
      inject('dynamoEndpoint'),
      { limits: { pollMs: 40, ...options.limits }, ...shuffle },
      checkFetched,
    );
    browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await served?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the site is started by beforeAll: use it inside a test');
    return value;
  };
  return {
    get served() {
      return started(served);
    },
    get browser() {
      return started(browser);
    },
    get baseUrl() {
      return started(served).baseUrl;
    },
  };
}
