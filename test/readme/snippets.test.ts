// The README's other snippets and claims, as a newcomer meets them: the webhook snippet runs after the
// walkthrough in the same terminal with only the tools it names (no uuidgen: on the old README it
// failed on a fresh machine with a 400 for its empty key); the operations that need an
// Idempotency-Key say so; and the Node version it states is where package.json's engines starts, one
// every dependency's engines accept but those it names (on the old README: 22.17 against engines'
// >=20.19, on a machine that runs 20).
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { checkFetched } from '../support/contract/fetch';
import { serveApp, type ServedApp } from '../support/serve';
import { bash, README } from './readme-shell';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
/** The Node version the README's first lines ask for (`20.19`). */
const stated = () => /Node\.js (\d+\.\d+) or later/.exec(README)?.[1] ?? 'none';

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

  it('states the Node version package.json’s engines starts at, wherever it names one', () => {
    const engines = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;
    const oldest = semver.minVersion(engines)!;
    expect(stated()).toBe(`${oldest.major}.${oldest.minor}`);
    // The deployment's prerequisites say the same.
    const elsewhere = [...README.matchAll(/Node\.js (\d+\.\d+)\+/g)].map((m) => m[1]);
    expect(elsewhere.length).toBeGreaterThan(0);
    for (const version of elsewhere) expect(version).toBe(stated());
  });

  it('states a Node version every dependency’s engines accept, but those it names as warning on it', () => {
    const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { engines?: { node?: string } }> };
    const refused = Object.entries(lock.packages)
      .filter(([, p]) => typeof p.engines?.node === 'string')
      .filter(([, p]) => !semver.satisfies(`${stated()}.0`, p.engines!.node!))
      .map(([name]) => name.replace(/^.*node_modules\//, ''));
    const paragraph = README.slice(README.indexOf(`Node.js ${stated()} or later`)).split('\n\n')[0]!;
    for (const name of refused) expect(paragraph, `${name} refuses Node ${stated()}`).toContain(`\`${name}\``);
    expect(paragraph).toContain('EBADENGINE');
  });

  it('says which Node AWS Lambda runs: the newest aws-cdk-lib offers, the one infra/ asks for', () => {
    const said = /the functions run Node\.js (\d+)/.exec(README)?.[1];
    const offered = [...read('node_modules/aws-cdk-lib/aws-lambda/lib/runtime.d.ts').matchAll(/NODEJS_(\d+)_X\b/g)];
    const newest = Math.max(...offered.map((m) => Number(m[1])));
    const used = /Runtime\.NODEJS_(\d+)_X/.exec(read('infra/src/game-function.ts'))?.[1];
    expect([said, used]).toEqual([String(newest), String(newest)]);
    expect(README).toContain(`Lambda function (Node.js ${newest},`);
  });
});
