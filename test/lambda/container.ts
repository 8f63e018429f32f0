import { Worker } from 'node:worker_threads';
import type { LambdaEvent } from 'hono/aws-lambda';

/** What an API Gateway v2 Lambda integration returns. */
export interface LambdaResult {
  statusCode: number;
  headers?: Record<string, string>;
  body?: string;
  isBase64Encoded?: boolean;
}

// The worker is the container: Node itself imports the bundle once (the cold start), then every
// invocation calls the same `handler`, as the Lambda runtime does. CommonJS because eval'd workers are.
const RUNTIME = `
const { parentPort, workerData } = require('node:worker_threads');
const context = { awsRequestId: 'local', functionName: 'chickenfoot-api', getRemainingTimeInMillis: () => 10000 };
import(workerData.url).then(
  ({ handler }) => {
    parentPort.on('message', ({ id, event }) =>
      Promise.resolve()
        .then(() => handler(event, context))
        .then((result) => parentPort.postMessage({ id, result }), (error) => parentPort.postMessage({ id, error: String(error && error.stack || error) })));
    parentPort.postMessage({ id: 0 });
  },
  (error) => parentPort.postMessage({ id: 0, error: String(error && error.stack || error) }),
);
`;

/** One warm Lambda container running a bundled handler. */
export interface Container {
  invoke(event: LambdaEvent): Promise<LambdaResult>;
  /** Everything the handler wrote to stdout and stderr so far: on Lambda, its CloudWatch log. */
  logs(): string;
  stop(): Promise<void>;
}

/**
 * Starts a "container" for the bundled handler at `url`: a worker thread with exactly `env` as its
 * environment (nothing leaks in from the test process), which imports the bundle and serves
 * invocations one message at a time.
 * @example const lambda = await startContainer(pathToFileURL(file).href, env); await lambda.invoke(event);
 */
export async function startContainer(url: string, env: Record<string, string>): Promise<Container> {
  // stdout/stderr are kept, not printed: the test reads them as the function's log.
  const worker = new Worker(RUNTIME, { eval: true, workerData: { url }, env, stdout: true, stderr: true });
  let logs = '';
  worker.stdout.on('data', (chunk: Buffer) => (logs += chunk.toString('utf8')));
  worker.stderr.on('data', (chunk: Buffer) => (logs += chunk.toString('utf8')));
  const pending = new Map<number, { resolve: (r: LambdaResult) => void; reject: (e: Error) => void }>();
  worker.on('message', ({ id, result, error }: { id: number; result?: LambdaResult; error?: string }) => {
    const waiting = pending.get(id);
    pending.delete(id);
    if (error) waiting?.reject(new Error(error));
    else waiting?.resolve(result as LambdaResult);
  });
  worker.on('error', (error) => {
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  });
  let next = 0;
  const send = (event: LambdaEvent | null, id: number) =>
    new Promise<LambdaResult>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      if (event) worker.postMessage({ id, event });
    });
  await send(null, next++); // the import: resolves when the module has loaded, rejects if it threw
  return {
    invoke: (event) => send(event, next++),
    logs: () => logs,
    stop: async () => {
      await worker.terminate();
    },
  };
}
