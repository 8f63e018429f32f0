import type { Commit } from '../api';

/** Where each hand of a game starts (the commit that dealt it) and ends (the one that ended it). */
export interface HandSpan {
  readonly hand: number;
  readonly start: number;
  readonly end: number | null;
}

/** The hands of a game by the versions of their deal and their end, in order. */
export function handSpans(commits: readonly Commit[]): HandSpan[] {
  const spans: { hand: number; start: number; end: number | null }[] = [];
  for (const commit of commits) {
    for (const event of commit.events) {
      if (event.type === 'HandDealt') spans.push({ hand: event.hand, start: commit.version, end: null });
      if (event.type === 'HandEnded') {
        const span = spans.find((s) => s.hand === event.hand);
        if (span) span.end = commit.version;
      }
    }
  }
  return spans;
}

/**
 * The step a hand jump goes to from step `at`: back to the start of its hand (or of the hand before,
 * when at its start already), or on to the end of its hand (or of the next, when at its end already).
 * Null when there is none that way.
 * @example handJump(spans, 40, 'end') // the version of the commit that ended the hand step 40 is in
 */
export function handJump(spans: readonly HandSpan[], at: number, way: 'start' | 'end'): number | null {
  if (way === 'start') {
    const starts = spans.map((s) => s.start).filter((v) => v < at);
    return starts.length > 0 ? Math.max(...starts) : null;
  }
  const ends = spans.map((s) => s.end).filter((v): v is number => v !== null && v > at);
  return ends.length > 0 ? Math.min(...ends) : null;
}
