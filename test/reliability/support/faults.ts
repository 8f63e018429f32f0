import { AsyncLocalStorage } from 'node:async_hooks';
import type { createDynamoClient } from '@chickenfoot/store';
import { chance, pick, type Rng } from './scale';

type DynamoClient = ReturnType<typeof createDynamoClient>;

/** The faults injected, as DynamoDB and the network produce them. */
export type FaultKind = 'throttling' | 'timeout' | 'lost-reply';

/** How often each kind strikes a request (0..1), and the generator that decides. */
export interface FaultPlan {
  readonly rates: Readonly<Record<FaultKind, number>>;
  readonly rng: Rng;
}

/** What was injected, by kind and by operation (e.g. `PutItem`; the outages' refusals are counted apart). */
export interface FaultCounts {
  readonly byKind: Record<FaultKind, number>;
  readonly byOperation: Record<string, number>;
  /** Requests that went through the fault injector (including the SDK's own retries). */
  requests: number;
  /** Projection writes refused inside `projectionOutage`. */
  outage: number;
  /**
   * Requests that failed on their own, not injected: on a loaded machine dynalite sometimes takes
   * longer than the client's 1 s connection timeout. They are faults too, and must be handled alike.
   */
  real: number;
}

// As DynamoDB answers when a partition or the table is over its throughput: a 400 the SDK's
// standard retry mode recognises as throttling (and backs off from).
function throttlingError(rng: Rng): Error {
  const name = pick(rng, ['ThrottlingException', 'ProvisionedThroughputExceededException']);
  return Object.assign(new Error('Rate of requests exceeds the allowed throughput.'), {
    name,
    $fault: 'client',
    $metadata: { httpStatusCode: 400, attempts: 1, totalRetryDelay: 0 },
    $retryable: { throttling: true },
  });
}

// The socket errors the SDK itself treats as transient (and retries): Node's codes for a broken,
// refused or unroutable connection.
const SOCKET_CODES = [
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
];

// As the SDK's Node HTTP handler reports a request that outlived `requestTimeout`, or a socket
// that failed under it.
function networkError(rng: Rng): Error {
  if (rng(2) === 0) return Object.assign(new Error('Connection timed out after 5000 ms'), { name: 'TimeoutError' });
  const code = pick(rng, SOCKET_CODES);
  return Object.assign(new Error(`socket error ${code}`), { code, errno: -1, syscall: 'read' });
}

/**
 * Faults injected while serving one API request: run the request inside `faultScope.run({ faults: 0 }, …)`
 * and each fault its DynamoDB requests meet is counted there, so a 503 can be traced to its cause.
 */
export const faultScope = new AsyncLocalStorage<{ faults: number }>();

/**
 * Requests run inside `projectionOutage.run(true, …)` cannot write any projection item (a game's
 * awaiting or member items): every such PutItem is throttled, however often the SDK retries it,
 * while the commit itself goes through. An outage of the lists, aimed at one request.
 */
export const projectionOutage = new AsyncLocalStorage<boolean>();

// Projection items sort below a game's commits (members -1.., the awaiting item -1000).
const isProjectionWrite = (operation: string, input: unknown) =>
  operation === 'PutItem' && Number((input as { Item?: { sk?: { N?: string } } }).Item?.sk?.N) < 0;

// The answer to a failed condition is an answer, not a fault.
const isAnswer = (error: unknown) => (error as { name?: string } | null)?.name === 'ConditionalCheckFailedException';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Adds a middleware to a DynamoDB client that fails some of its requests, chosen with a seeded
 * generator: `throttling` (refused before anything is written), `timeout` (a request that never
 * got an answer and did nothing) and `lost-reply` (the request is carried out, then the answer is
 * lost: a write that succeeded but whose caller hears a network failure). It sits in the
 * `deserialize` step, inside the SDK's retry middleware, so the SDK's standard retries see every
 * fault, as they would see the real ones; with `maxAttempts: 1` every fault reaches the store.
 * @example const counts = injectFaults(client, { rates: { throttling: 0.02, timeout: 0.01, 'lost-reply': 0.02 }, rng: seededRandom(1) });
 */
export function injectFaults(client: DynamoClient, plan: FaultPlan): FaultCounts {
  const counts: FaultCounts = {
    byKind: { throttling: 0, timeout: 0, 'lost-reply': 0 },
    byOperation: {},
    requests: 0,
    outage: 0,
    real: 0,
  };
  const strike = (kind: FaultKind, operation: string) => {
    counts.byKind[kind]++;
    counts.byOperation[operation] = (counts.byOperation[operation] ?? 0) + 1;
    const scope = faultScope.getStore();
    if (scope) scope.faults++;
  };
  client.middlewareStack.add(
    (next, context) => async (args) => {
      counts.requests++;
      const operation = String(context.commandName ?? 'unknown').replace(/Command$/, '');
      const { rng, rates } = plan;
      if (projectionOutage.getStore() === true && isProjectionWrite(operation, args.input)) {
        counts.outage++;
        const scope = faultScope.getStore();
        if (scope) scope.faults++;
        throw throttlingError(rng);
      }
      if (chance(rng, rates.throttling)) {
        strike('throttling', operation);
        throw throttlingError(rng);
      }
      if (chance(rng, rates.timeout)) {
        strike('timeout', operation);
        await sleep(rng(5));
        throw networkError(rng);
      }
      const lost = chance(rng, rates['lost-reply']);
      const output = await next(args).catch((error: unknown) => {
        if (!isAnswer(error)) {
          counts.real++;
          const scope = faultScope.getStore();
          if (scope) scope.faults++;
        }
        throw error;
      });
      if (lost) {
        strike('lost-reply', operation);
        // As a broken connection loses it: the reply (here still unread, below the SDK's
        // deserializer) goes with its socket. Left open, the socket stayed taken until the server
        // closed it as idle, and with a long keep-alive the client's 50 ran out.
        (output as { response?: { body?: { destroy?: () => void } } }).response?.body?.destroy?.();
        throw networkError(rng);
      }
      return output;
    },
    { step: 'deserialize', name: 'injectFaults', tags: ['TEST'] },
  );
  return counts;
}
