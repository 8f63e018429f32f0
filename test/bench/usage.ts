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
}

/**
 * Answers every `'usage'` message on the IPC channel (if there is one) with this process's `Usage`.
 * @example answerUsage(); // in a server the bench spawns with an 'ipc' stdio entry
 */
export function answerUsage(): void {
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
    };
    process.send?.(usage);
  });
  // The channel must not keep the process alive on its own, nor stop it from exiting on SIGTERM.
  process.channel?.unref();
}
