import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { NoAuthSigner } from '@smithy/core';
import { EventEmitter } from 'node:events';
import type { Server } from 'node:http';

/** dynalite's request listener: an HTTP request in, its DynamoDB answer written to the response. */
type Listener = (req: EventEmitter, res: unknown) => void;

/** What the SDK hands a request handler (the parts used here). */
interface SdkRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
}

// dynalite checks that a request is signed the way AWS wants, not the signature itself: with no
// signing (below), each request carries this header instead. The time is fixed; dynalite ignores it.
const UNSIGNED = {
  authorization:
    'AWS4-HMAC-SHA256 Credential=local/20261201/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=none',
  'x-amz-date': '20261201T000000Z',
};

function bytesOf(body: string | Uint8Array | undefined): Buffer | null {
  if (body === undefined || body.length === 0) return null;
  if (typeof body === 'string') return Buffer.from(body);
  // A view of the same bytes: Buffer.from(body) would ask the SDK's body object for its string.
  return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
}

/**
 * An SDK request handler that hands each request to a dynalite server's own request listener in this
 * process: the same JSON protocol, the same validation and answers as over HTTP, without the TCP hop,
 * the HTTP parsing at both ends and the connection pool. The server need not listen.
 */
export function inProcessHandler(server: Server) {
  const listener = server.listeners('request')[0] as Listener | undefined;
  if (!listener) throw new TypeError('not a dynalite server: it has no request listener');
  // Requests inside dynalite now: its database must not close under them (dynalite throws from the
  // callback of a write that finds it closed, an uncaught exception), so a stop waits for them.
  const inFlight = new Set<Promise<unknown>>();
  let destroyed = false;
  return {
    metadata: { handlerProtocol: 'http/1.1' },
    handle(
      request: SdkRequest,
    ): Promise<{ response: { statusCode: number; headers: Record<string, string>; body: Buffer } }> {
      // As a stopped server refuses a connection: the SDK and the store read it as "unavailable".
      if (destroyed) return Promise.reject(Object.assign(new Error('the embedded DynamoDB is stopped'), STOPPED));
      const answered = new Promise<{
        response: { statusCode: number; headers: Record<string, string>; body: Buffer };
      }>((resolve) => {
        const headers: Record<string, string> = { ...UNSIGNED };
        for (const [name, value] of Object.entries(request.headers)) headers[name.toLowerCase()] = value;
        const req = Object.assign(new EventEmitter(), { method: request.method, url: request.path, headers });
        const answer: Record<string, string> = {};
        const res = {
          statusCode: 200,
          contentType: '',
          setHeader(name: string, value: unknown) {
            answer[name.toLowerCase()] = String(value);
          },
          end(body?: string) {
            resolve({ response: { statusCode: res.statusCode, headers: answer, body: Buffer.from(body ?? '') } });
          },
        };
        listener(req, res);
        const body = bytesOf(request.body);
        if (body) req.emit('data', body);
        req.emit('end');
      });
      inFlight.add(answered);
      void answered.finally(() => inFlight.delete(answered));
      return answered;
    },
    updateHttpClientConfig(): void {},
    httpHandlerConfigs(): Record<string, never> {
      return {};
    },
    /** Refuses every request from now on; those in flight go on (`settled` waits for them). */
    destroy(): void {
      destroyed = true;
    },
    /** Resolves once no request is inside dynalite (those in flight when called, and any after). */
    async settled(): Promise<void> {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}

const STOPPED = { code: 'ECONNREFUSED' };

/**
 * Waits until no request of `client` (an `inProcessClient`) is inside dynalite: what a stop does
 * after destroying the client and before closing the database. Resolves at once for another client.
 */
export async function settledInProcess(client: DynamoDBClient): Promise<void> {
  const handler = client.config.requestHandler as { settled?: () => Promise<void> };
  await handler.settled?.();
}

const ENDPOINT = 'http://dynalite.in-process';

/**
 * A DynamoDB client for a dynalite server in this process: the real AWS SDK (its serialization,
 * retries and error handling), through `inProcessHandler`, and without signing requests (there is
 * no one to prove the caller to). Retries and timeouts as `createDynamoClient` sets them, and as
 * there, each command type's middleware chain is built once (`cacheMiddleware`). What only a
 * remote service needs is left out: the endpoint is the one URL (no endpoint rules to evaluate per
 * request), and no User-Agent is composed (nobody reads it).
 * @example const client = inProcessClient(dynalite({ createTableMs: 0 }));
 */
export function inProcessClient(server: Server, options: { maxAttempts?: number } = {}): DynamoDBClient {
  const client = new DynamoDBClient({
    endpoint: ENDPOINT,
    endpointProvider: () => ({ url: new URL(ENDPOINT) }),
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    cacheMiddleware: true,
    retryMode: 'standard',
    maxAttempts: options.maxAttempts ?? 3,
    requestHandler: inProcessHandler(server),
    // The SigV4 scheme's id, with a signer that leaves the request as it is.
    httpAuthSchemes: [
      { schemeId: 'aws.auth#sigv4', identityProvider: () => async () => ({}), signer: new NoAuthSigner() },
    ],
  });
  client.middlewareStack.remove('getUserAgentMiddleware');
  return client;
}
