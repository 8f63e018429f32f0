// The README's terminal walkthrough, run as written with bash against the real app on a loopback
// port, so it cannot rot: what a newcomer pastes is what this runs.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { checkFetched } from '../support/contract/fetch';
import { serveApp, type ServedApp } from '../support/serve';
import { bash, README } from './readme-shell';

/** The first `sh` block after a heading of the README. */
function shellBlock(heading: string): string {
  const section = README.slice(README.indexOf(`\n${heading}\n`));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1];
  if (!section || !block) throw new Error(`no sh block under ${heading}`);
  return block;
}

let served: ServedApp;
beforeAll(async () => {
  // Every reply the script gets is checked against openapi.yaml on its way out.
  served = await serveApp(inject('dynamoEndpoint'), {}, checkFetched);
});
afterAll(() => served.close());

describe('README: Playing, from a terminal', () => {
  const block = shellBlock('## Playing, from a terminal');

  it('needs nothing but curl and Node (no jq, no uuidgen) and keeps the base URL in one variable', () => {
    expect(block).not.toMatch(/\bjq\b|uuidgen/);
    expect(block.match(/127\.0\.0\.1:3000/g)).toHaveLength(1);
    expect(block).toMatch(/^API=\$\{API:-http:\/\/127\.0\.0\.1:3000\}$/m);
  });

  it('runs as written: two players, a game, a move taken from legalMoves, the events', async () => {
    const { code, stdout, stderr } = await bash(block, { API: served.baseUrl });
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const [tiles, legal, events, version] = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    // 7 dealt in double-6 for two, give or take the opening (a placed root, a drawn tile).
    expect(tiles.length).toBeGreaterThanOrEqual(6);
    for (const tile of tiles) expect(tile).toMatch(/^\d-\d$/);
    expect(legal.length).toBeGreaterThan(0);
    // The move sent was the first legal one, and it was made: the game's first commit after the deal.
    const first = legal[0] as { type: string; tile?: string; on?: number };
    const made = { play: { type: 'TilePlayed', tile: first.tile, on: first.on }, pass: { type: 'TurnPassed' } };
    expect(events[0]).toMatchObject(made[first.type as keyof typeof made] ?? { type: expect.any(String) });
    // Created (1), joined and dealt (2), the move (3).
    expect(version).toBe(3);
  }, 60_000);
});
