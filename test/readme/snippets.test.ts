// The README's other snippets and claims, as a newcomer meets them: the webhook snippet runs after the
// walkthrough in the same terminal with only the tools it names (no uuidgen: on the old README it
// failed on a fresh machine with a 400 for its empty key); the operations that need an
// Idempotency-Key say so; and the Node version it states is one every dependency's engines accept.
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { checkFetched } from '../support/contract/fetch';
import { serveApp, type ServedApp } from '../support/serve';
import { bash, README } from './readme-shell';

/** The first `sh` block after `marker` in the README. */
function shellBlock(marker: string): string {
  const block = /```sh\n([\s\S]*?)```/.exec(README.slice(README.indexOf(marker)))?.[1];
  if (!block) throw new Error(`no sh block after ${marker}`);
  return block;
}

let served: ServedApp;
beforeAll(async () => {
  served = await serveApp(inject('dynamoEndpoint'), {}, checkFetched);
});
afterAll(() => served.close());

describe('README: the webhook snippet', () => {
  const walkthrough = shellBlock('## Playing, from a terminal');
  const webhook = shellBlock('## Notifications: webhooks');

  it('uses only what the walkthrough defines (no uuidgen)', () => {
    expect(webhook).not.toMatch(/uuidgen|\bjq\b/);
    expect(webhook).toContain('$(key)');
  });

  it('runs after the walkthrough, in the same terminal: the endpoint is added, its secret shown', async () => {
    const { code, stdout, stderr } = await bash(`${walkthrough}\n${webhook}`, { API: served.baseUrl });
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const added = JSON.parse(stdout.trim().split('\n').at(-1)!) as { endpoint: { id: string }; secret: string };
    expect(added.endpoint.id).toMatch(/^we_/);
    expect(added.secret).toMatch(/^whsec_/);
  }, 60_000);
});

describe('README: claims', () => {
  it('says which operations need an Idempotency-Key: messages and rename among them', () => {
    expect(README).toMatch(/POST \/v1\/games\/\{id\}\/messages` with `\{"text":"gg"\}` and an `Idempotency-Key`/);
    expect(README).toMatch(
      /PATCH \/v1\/me` renames you \(with the `ETag` of `GET \/v1\/me` in `If-Match`, and an\s+`Idempotency-Key`\)/,
    );
  });

  it('states a Node version that every dependency’s engines accept', () => {
    const stated = /Node\.js (\d+\.\d+) or later/.exec(README)?.[1];
    expect(stated).toBeDefined();
    const lock = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8')) as {
      packages: Record<string, { engines?: { node?: string } }>;
    };
    const refused = Object.entries(lock.packages)
      .filter(([, p]) => typeof p.engines?.node === 'string')
      .filter(([, p]) => !semver.satisfies(`${stated}.0`, p.engines!.node!))
      .map(([name, p]) => `${name.replace(/^.*node_modules\//, '')} (${p.engines!.node})`);
    expect(refused).toEqual([]);
  });
});
