/** What a server process reports of itself to the bench that spawned it (over its IPC channel). */
export interface Usage {
  /** process.cpuUsage(), microseconds. */
  cpu: { user: number; system: number };
  /** Resident set size now, and its peak so far, in bytes. */
  rss: number;
  maxRss: number;
  /** V8's heap in use and its size, and memory outside it (buffers, native addons' own), in bytes. */
  heapUsed: number;
  heapTotal: number;
  external: number;
  /**
   * Writes this process handed to LevelDB on disk so far, asked to be synced (a flush each, which
   * LevelDB may share between writes in flight together) and not: see the store's probeLevelWrites.
   */
  levelWrites: { synced: number; unsynced: number };
}

/**
 * Answers every `'usage'` message on the IPC channel (if there is one) with this process's `Usage`,
 * its LevelDB writes as `levelWrites` counts them (a probe's counts, read at each answer).
 * @example answerUsage(probeLevelWrites().counts); // in a server the bench spawns with an 'ipc' stdio entry
 */
export function answerUsage(levelWrites: Usage['levelWrites']): void {
  process.on('message', (message) => {
    if (message === 'gc') return (globalThis as { gc?: () => void }).gc?.();
    if (message !== 'usage') return;
    const memory = process.memoryUsage();
    const usage: Usage = {
      cpu: process.cpuUsage(),
      rss: memory.rss,
      maxRss: process.resourceUsage().maxRSS * 1024,
      heapUsed: memory.heapUsed,
      heapTotal: memory.heapTotal,
      external: memory.external,
      levelWrites: { ...levelWrites },
    };
    process.send?.(usage);
  });
  // The channel must not keep the process alive on its own, nor stop it from exiting on SIGTERM.
  process.channel?.unref();
}
