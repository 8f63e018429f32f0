// Three generators a client author might pick compile the contract as they would: openapi-typescript
// (the web client's types), @hey-api/openapi-ts and orval (both generated during this run, see
// test/support/generated). Their output and the clients written on it pass `tsc --strict`; no model
// type they write is `any`; and orval's default fetch client, whose URLs start with the spec's server,
// plays a game in Node.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { checkFetched } from '../support/contract/fetch';
import { serveApp, type ServedApp } from '../support/serve';
import { playToTheEnd } from './play-loop';
import { generatedClient } from './third-party-clients';

const run = promisify(execFile);
const at = (path: string) => new URL(`../../${path}`, import.meta.url).pathname;

/** The model files: where each generator writes the schemas' types. */
const MODELS = {
  'openapi-typescript': 'packages/web/src/api/api-types.ts',
  '@hey-api/openapi-ts': 'test/e2e/generated/hey-api/types.gen.ts',
  orval: 'test/e2e/generated/orval/api.ts',
};

/** Every `any` written in a type declaration (a type alias or an interface) of a file, and how many members they have. */
function anysInTypes(path: string): { members: number; anys: string[] } {
  const source = ts.createSourceFile(path, readFileSync(at(path), 'utf8'), ts.ScriptTarget.Latest, true);
  const anys: string[] = [];
  let members = 0;
  const find = (node: ts.Node, name: string): void => {
    if (ts.isPropertySignature(node)) members++;
    if (node.kind === ts.SyntaxKind.AnyKeyword) anys.push(`${name}: ${node.parent.getText().slice(0, 80)}`);
    node.forEachChild((child) => find(child, name));
  };
  const visit = (node: ts.Node): void => {
    if (ts.isTypeAliasDeclaration(node) || ts.isInterfaceDeclaration(node)) {
      find(node, node.name.text);
    } else node.forEachChild(visit);
  };
  visit(source);
  return { members, anys };
}

describe('generated clients', () => {
  it('compile with tsc --strict, with the clients written on them', async () => {
    const result = await run('npx', ['tsc', '-p', at('test/e2e/third-party/tsconfig.json')]).then(
      () => ({ code: 0, stdout: '' }),
      (error: { code: number; stdout: string }) => error,
    );
    expect(result.stdout).toBe('');
    expect(result.code).toBe(0);
  }, 120_000);

  it.each(Object.entries(MODELS))('%s writes no model type as any', (_, path) => {
    const { members, anys } = anysInTypes(path);
    // The schemas' fields are there to be checked (hundreds of them), and none is any.
    expect(members).toBeGreaterThan(300);
    expect(anys).toEqual([]);
  });

  it('the check finds an any when a model has one', () => {
    const sample = 'export type Game = { winners: any[] | null };\nexport interface Seat { seat: number }';
    const source = ts.createSourceFile('sample.ts', sample, ts.ScriptTarget.Latest, true);
    const found: string[] = [];
    const visit = (node: ts.Node): void => {
      if (node.kind === ts.SyntaxKind.AnyKeyword) found.push(node.parent.getText());
      node.forEachChild(visit);
    };
    visit(source);
    expect(found).toEqual(['any[]']);
  });
});

describe('orval’s default fetch client', () => {
  let served: ServedApp;
  // orval's client calls the global fetch, which its seats reroute: put back for the files after this
  // one in the same worker (test files share a worker's globals, see vitest.config.ts).
  const realFetch = globalThis.fetch;
  beforeAll(async () => {
    served = await serveApp(inject('dynamoEndpoint'), { limits: { perPlayer: { burst: 1e6, perSecond: 1e6 } } });
  });
  afterAll(async () => {
    globalThis.fetch = realFetch;
    await served.close();
  });

  it('calls the spec’s server and plays two seats to the end in Node', async () => {
    const { register } = await generatedClient('orval');
    const seats = [
      await register(served.baseUrl, 'Ann', checkFetched),
      await register(served.baseUrl, 'Bob', checkFetched),
    ];
    const created = await seats[0]!.create(2, { set: 6, handSize: 3 });
    await seats[1]!.join(created.id, created.inviteCode ?? '');
    const { final } = await playToTheEnd(created.id, seats, 5);
    expect(final.status).toBe('finished');
    expect(final.handScores).toHaveLength(7);
  }, 120_000);
});
