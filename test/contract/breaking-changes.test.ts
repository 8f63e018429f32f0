// The contract may change by additions only, unless its major version says otherwise: openapi.yaml
// against the last released contract (packages/api/contract-releases/), on the wire shape, in npm test.
// And the check can fail: fixtures made from openapi.yaml that remove a field, add a required input,
// drop an enum value from a request, narrow a type, move a problem code or rename an operation.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { checkContract } from '../../packages/api/scripts/contract-diff/check';
import { wireShape, type Node } from '../../packages/api/scripts/contract-diff/wire-shape';
import { lastRelease } from '../../packages/api/scripts/contract-check';

const file = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const PARSED = parse(file('openapi.yaml')) as unknown;
const document = () => structuredClone(PARSED) as any;
const CHANGELOG = file('CHANGELOG.md');

/** openapi.yaml changed by `change`, checked against openapi.yaml as it is (the release before it). */
function verdictOf(change: (doc: any) => void, version?: string) {
  const before = wireShape(document() as Node);
  const doc = document();
  change(doc);
  if (version) doc.info.version = version;
  const changelog = version ? `${CHANGELOG}\n## ${version}\n` : CHANGELOG;
  return checkContract(before, wireShape(doc as Node), changelog);
}
const whats = (verdict: ReturnType<typeof verdictOf>) => verdict.breaks.map((b) => `${b.where}: ${b.what}`);

describe('the contract against the last release', () => {
  it('openapi.yaml breaks nothing of the released contract, and its version has a CHANGELOG section', () => {
    const released = lastRelease();
    const now = wireShape(document() as Node);
    const { breaks, failures } = checkContract(released, now, CHANGELOG);
    expect(failures).toEqual([]);
    expect(breaks).toEqual([]);
    expect(now.version).not.toBe(released.version);
  });

  it('a fixture that removes a response field fails, naming it', () => {
    const verdict = verdictOf((doc) => delete doc.components.schemas.Game.properties.deadline);
    expect(whats(verdict)).toContainEqual(
      expect.stringMatching(/GET \/v1\/games\/\{\} \(getGame\): 200\.deadline|field deadline removed/),
    );
    const since = `since ${(PARSED as { info: { version: string } }).info.version} without a new major version`;
    expect(verdict.failures.join('\n')).toContain(`breaking change(s) ${since}`);
  });

  it('a fixture that adds a required input fails: a body field, and a header', () => {
    const field = verdictOf((doc) => {
      doc.components.schemas.NewGame.properties.colour = { type: 'string' };
      doc.components.schemas.NewGame.required = ['colour', ...(doc.components.schemas.NewGame.required ?? [])];
    });
    expect(whats(field)).toContainEqual(expect.stringMatching(/createGame.*body: new required field colour/));
    expect(field.failures).toHaveLength(1);
    const header = verdictOf((doc) =>
      doc.paths['/v1/games/{id}/messages'].post.parameters.push({
        name: 'X-Table',
        in: 'header',
        required: true,
        schema: { type: 'string' },
      }),
    );
    expect(whats(header)).toContainEqual(expect.stringMatching(/postMessage.*new required input header:x-table/));
  });

  it.each([
    [
      'an enum value taken from a request',
      (doc: any) => (doc.components.schemas.RuleOptions.properties.set.enum = [6, 9, 12]),
      /no longer accepts 15/,
    ],
    [
      'a request type narrowed',
      (doc: any) => (doc.components.schemas.GiveTime.properties.hours.maximum = 24),
      /maximum 336 became 24/,
    ],
    [
      'a response made nullable',
      (doc: any) => (doc.components.schemas.Game.properties.version.type = ['integer', 'null']),
      /version: may now be null/,
    ],
    [
      'a success status changed',
      (doc: any) => {
        const post = doc.paths['/v1/games/{id}/messages'].post;
        post.responses['200'] = post.responses['201'];
        delete post.responses['201'];
      },
      /success statuses 201 became 200/,
    ],
    [
      'a problem code moved to another status',
      (doc: any) => {
        const responses = doc.paths['/v1/games/{id}'].get.responses;
        responses['410'] = responses['404'];
        delete responses['404'];
      },
      /problem game\/not-found moved from 404 to 410/,
    ],
    [
      'an operation renamed',
      (doc: any) => (doc.paths['/v1/me'].get.operationId = 'whoAmI'),
      /operationId getMe became whoAmI/,
    ],
    ['an operation removed', (doc: any) => delete doc.paths['/v1/lobby'], /operation listLobby removed/],
    [
      'a Move variant removed',
      (doc: any) => {
        doc.components.schemas.Move.oneOf = doc.components.schemas.Move.oneOf.filter(
          (v: any) => !v.$ref.endsWith('CalloutMove'),
        );
      },
      /variant callout no longer accepted/,
    ],
  ])('fails on %s', (_, change, expected) => {
    const verdict = verdictOf(change);
    expect(whats(verdict)).toContainEqual(expect.stringMatching(expected));
    expect(verdict.failures.length).toBeGreaterThan(0);
  });

  it('passes additions: a new optional input, a response field, an operation, an event type', () => {
    const verdict = verdictOf((doc) => {
      doc.components.schemas.NewGame.properties.colour = { type: 'string' };
      doc.components.schemas.Game.properties.colour = { type: 'string' };
      doc.components.schemas.Game.required.push('colour');
      doc.paths['/v1/colours'] = { get: { operationId: 'listColours', responses: { 200: { description: 'ok' } } } };
      doc.components.schemas.Event.oneOf.push({
        type: 'object',
        properties: { type: { type: 'string', enum: ['Rained'] } },
      });
    });
    expect(verdict.breaks).toEqual([]);
  });

  it('a breaking change that comes with a new major version (and its CHANGELOG section) passes', () => {
    const removed = (doc: any) => delete doc.components.schemas.Game.properties.deadline;
    expect(verdictOf(removed, '2.0.0').failures).toEqual([]);
    expect(verdictOf(removed, '1.2.0').failures).not.toEqual([]);
    expect(verdictOf(() => undefined, '1.2.0').failures).toEqual([]);
    expect(verdictOf(() => undefined, '0.9.0').failures.join()).toMatch(/older than/);
    const noSection = checkContract(
      wireShape(document() as Node),
      { ...wireShape(document() as Node), version: '1.3.0' },
      CHANGELOG,
    );
    expect(noSection.failures.join()).toMatch(/no "## 1.3.0" section/);
  });
});
