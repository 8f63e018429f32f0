import { readFileSync } from 'node:fs';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const UNITS: Record<string, number> = { s: 1_000, min: 60_000, h: 3_600_000 };

/**
 * The retry schedule as the README promises it ("… is retried after 5 s, 5 min, …, 20 h and 20 h
 * (±10%)"), read from its words: the tests hold the sweeper to what users were told, not to the
 * implementation's own constant.
 */
export function readmeSchedule(): { delays: number[]; jitter: number } {
  const text = README.replace(/\s+/g, ' ');
  const found = /is retried after ((?:\d+ (?:s|min|h)(?:, | and ))+\d+ (?:s|min|h)) \(±(\d+)%\)/.exec(text);
  if (!found) throw new Error('the README no longer states the retry schedule in the words this test reads');
  const delays = found[1]!.split(/, | and /).map((part) => {
    const [n, unit] = part.split(' ');
    return Number(n) * UNITS[unit!]!;
  });
  return { delays, jitter: Number(found[2]) / 100 };
}
