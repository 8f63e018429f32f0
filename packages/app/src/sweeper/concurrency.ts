/**
 * Runs at most `limit` of the tasks given to it at once, in the order given; the rest wait.
 * @example const run = limited(8); await Promise.all(items.map((item) => run(() => handle(item))));
 */
export function limited(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  if (!Number.isInteger(limit) || limit < 1) throw new TypeError(`limit must be a whole number >= 1, got ${limit}`);
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    // A finished task hands its slot to the next in line, so no newcomer slips in between.
    if (running < limit) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
