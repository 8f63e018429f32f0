// Retries: every mutating route sent again with its Idempotency-Key after it succeeded, after the
// client gave up waiting (a real HTTP request aborted on the client's side, which the server may or
// may not have carried out yet, or may still be carrying out), and as several copies at once. Each
// must take effect once, and every reply to it must be the same, byte for byte.
import { seededRandom } from '@chickenfoot/rules';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { deployedApp } from './support/app';
import { serveOverHttp, type Served } from './support/http';
import { MUTATING_ROUTES, replyOf } from './support/mutations';
import { figure, scaled } from './support/scale';

const AFTER_SUCCESS = scaled(3, 30);
const TIMEOUTS = scaled(12, 120);
const CONCURRENT = scaled(3, 30);
const COPIES = 8;
/** The client gives up after 0 to this many milliseconds: about as long as a request takes here. */
const MAX_PATIENCE_MS = 12;
const TIMEOUT_MS = scaled(60_000, 600_000);

let t: Awaited<ReturnType<typeof deployedApp>>;
let served: Served;
const rng = seededRandom(11);
const tally = { requests: 0, identical: 0, effects: 0, aborted: 0, racedOriginal: 0 };

beforeAll(async () => {
  t = await deployedApp(inject('dynamoEndpoint'), 12);
  served = await serveOverHttp(t.app.fetch);
});

afterAll(async () => {
  await served.close();
  const routes = MUTATING_ROUTES.length;
  console.log(
    `retries: ${routes} routes x (${AFTER_SUCCESS} after success + ${TIMEOUTS} after a client timeout + ${CONCURRENT} x ${COPIES} concurrent): ` +
      `${figure(tally.requests)} requests, ${figure(tally.identical)} identical replies, ${tally.effects} effects for ${routes * (AFTER_SUCCESS + TIMEOUTS + CONCURRENT)} commands; ` +
      `${tally.aborted} originals aborted before their reply, ${tally.racedOriginal} retries sent while the original still ran`,
  );
});

describe.each(MUTATING_ROUTES)('$name retried with its Idempotency-Key', (route) => {
  it(
    'after success: the first reply again, one effect',
    async () => {
      for (let i = 0; i < AFTER_SUCCESS; i++) {
        const mutation = await route.prepare(t.api, t.store, rng);
        const first = await mutation.send(t.api);
        expect(first.status, first.text).toBe(route.status);
        for (const retry of [await mutation.send(t.api), await mutation.send(t.api)]) {
          expect(replyOf(retry)).toBe(replyOf(first));
          tally.identical++;
        }
        tally.requests += 3;
        const effects = await mutation.effects(first);
        tally.effects += effects;
        expect(effects).toBe(1);
      }
    },
    TIMEOUT_MS,
  );

  it(
    'after a client-side timeout over HTTP: the retry succeeds, a further retry repeats it, one effect',
    async () => {
      let aborted = 0;
      for (let i = 0; i < TIMEOUTS; i++) {
        const mutation = await route.prepare(t.api, t.store, rng);
        const patience = new AbortController();
        // The first client gives up at once, so that at least one original is cut off before its reply.
        const timer = setTimeout(() => patience.abort(), i === 0 ? 0 : rng(MAX_PATIENCE_MS + 1));
        const original = await mutation.send(served.client(patience.signal)).catch(() => null);
        clearTimeout(timer);
        if (original === null) aborted++;
        if (served.inFlight() > 0) tally.racedOriginal++;
        const retry = await mutation.send(served.client());
        const again = await mutation.send(served.client());
        tally.requests += 3;
        expect(retry.status, retry.text).toBe(route.status);
        expect(replyOf(again)).toBe(replyOf(retry));
        tally.identical++;
        if (original) {
          expect(replyOf(original)).toBe(replyOf(retry));
          tally.identical++;
        }
        // The server may still be working on the original: count effects once it has answered it.
        await served.idle();
        const effects = await mutation.effects(retry);
        tally.effects += effects;
        expect(effects).toBe(1);
      }
      // A timeout must have happened: otherwise this case would only repeat "after success".
      expect(aborted).toBeGreaterThan(0);
      tally.aborted += aborted;
    },
    TIMEOUT_MS,
  );

  it(
    `sent ${COPIES} times at once: ${COPIES} identical replies, one effect`,
    async () => {
      for (let i = 0; i < CONCURRENT; i++) {
        const mutation = await route.prepare(t.api, t.store, rng);
        const replies = await Promise.all(Array.from({ length: COPIES }, () => mutation.send(t.api)));
        tally.requests += COPIES;
        expect(replies[0]?.status, replies[0]?.text).toBe(route.status);
        expect(replies.map(replyOf)).toEqual(replies.map(() => replyOf(replies[0] as (typeof replies)[number])));
        tally.identical += COPIES - 1;
        const effects = await mutation.effects(replies[0] as (typeof replies)[number]);
        tally.effects += effects;
        expect(effects).toBe(1);
      }
    },
    TIMEOUT_MS,
  );
});
