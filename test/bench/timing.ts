/**
 * Runs `op` `runs` times, one after another; returns each run's time in milliseconds.
 * @example const ms = await timed(100, () => store.streams.readLatest('g1'));
 */
export async function timed(runs: number, op: () => Promise<unknown>): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await op();
    ms.push(performance.now() - start);
  }
  return ms;
}
