import { Worker } from 'node:worker_threads';

// Runs in the worker: Node's own import() of the module, then one call of one of its exports.
const SCRIPT = `
const { parentPort, workerData } = require('node:worker_threads');
import(workerData.url)
  .then((module) => module[workerData.name](...workerData.args))
  .then((value) => parentPort.postMessage({ ok: true, value }), (error) => parentPort.postMessage({ ok: false, error: String(error && error.stack || error) }));
`;

/**
 * Imports an ES module in a worker thread, with its own `process.env`, and returns what one of its
 * exports returns (awaited). Node loads the file itself, as Lambda would, not vitest's module runner,
 * and the test process's environment stays untouched.
 * @example await callInWorker(pathToFileURL(file).href, 'handler', { TABLE_NAME: 't' }, [event]);
 */
export async function callInWorker(
  url: string,
  name: string,
  env: Record<string, string | undefined>,
  args: unknown[] = [],
): Promise<unknown> {
  const worker = new Worker(SCRIPT, { eval: true, workerData: { url, name, args }, env });
  try {
    const reply = await new Promise<{ ok: boolean; value?: unknown; error?: string }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    if (!reply.ok) throw new Error(reply.error);
    return reply.value;
  } finally {
    await worker.terminate();
  }
}
