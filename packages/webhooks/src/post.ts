import { request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import { request as httpsRequest, type RequestOptions } from 'node:https';
import { answered, unanswered, type SendOutcome } from './outcome';
import { describe, pinnedLookup, type ResolvedAddress } from './resolve';
import { literalAddress } from './url-policy';

/** One POST to checked addresses; see sendWebhook for the rules. */
export interface PostInput {
  readonly url: URL;
  readonly addresses: readonly ResolvedAddress[];
  readonly headers: Record<string, string>;
  readonly body: string | Uint8Array;
  /** What is left of the attempt's budget once DNS is done. */
  readonly remainingMs: number;
  /** The whole budget, for the message. */
  readonly timeoutMs: number;
  readonly maxBodyBytes: number;
  readonly ca: string | Buffer | undefined;
  readonly now: () => number;
  readonly elapsed: () => number;
}

// The request framing is ours to set: a caller's Host or Content-Length could point it elsewhere or smuggle.
const FRAMING = new Set(['host', 'content-length', 'transfer-encoding', 'connection']);
const TLS_ERROR = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_)/;

type Phase = 'connecting' | 'handshaking' | 'connected';

/** Sends the request and reads the answer (capped); resolves once, never rejects after it starts. */
export function post(input: PostInput): Promise<SendOutcome> {
  return new Promise((resolve) => {
    const https = input.url.protocol === 'https:';
    const literal = literalAddress(input.url);
    const options: RequestOptions = {
      method: 'POST',
      host: literal ?? input.url.hostname,
      port: input.url.port === '' ? (https ? 443 : 80) : Number(input.url.port),
      path: `${input.url.pathname}${input.url.search}`,
      headers: framedHeaders(input.headers, input.body),
      // A fresh agent per request (keep-alive off) so a socket never outlives its checked address.
      agent: false,
      lookup: pinnedLookup(input.addresses),
      ...(https
        ? { ca: input.ca, rejectUnauthorized: true, ...(literal ? {} : { servername: input.url.hostname }) }
        : {}),
    };
    let phase: Phase = 'connecting';
    let settled = false;
    const finish = (outcome: SendOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve(outcome);
    };
    const req = (https ? httpsRequest : httpRequest)(options);
    let answer: (() => SendOutcome) | null = null;
    const timer = setTimeout(() => {
      // Once the status is in, the receiver has answered; a body that never ends is only cut short.
      finish(answer?.() ?? unanswered('timeout', `no answer within ${input.timeoutMs} ms`, input.elapsed()));
    }, input.remainingMs);
    req.on('socket', (socket) => {
      socket.once('connect', () => (phase = https ? 'handshaking' : 'connected'));
      socket.once('secureConnect', () => (phase = 'connected'));
    });
    req.on('error', (error) => {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      const tls = https && (phase === 'handshaking' || TLS_ERROR.test(code));
      finish(answer?.() ?? unanswered(tls ? 'tls' : 'connect', describe(error), input.elapsed()));
    });
    req.on('response', (res: IncomingMessage) => {
      const status = res.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let size = 0;
      answer = () =>
        answered(status, res.headers, Buffer.concat(chunks).toString('utf8'), input.elapsed(), input.now());
      res.on('data', (chunk: Buffer) => {
        const room = input.maxBodyBytes - size;
        chunks.push(chunk.subarray(0, room));
        size += Math.min(room, chunk.length);
        // Enough read: closing the socket stops a huge (or endless) body from costing us more.
        if (chunk.length > room) finish(answer!());
      });
      res.on('close', () => finish(answer!()));
    });
    req.end(input.body);
  });
}

function framedHeaders(headers: Record<string, string>, body: string | Uint8Array): OutgoingHttpHeaders {
  const framed: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!FRAMING.has(name.toLowerCase())) framed[name] = value;
  }
  framed['content-length'] = typeof body === 'string' ? Buffer.byteLength(body, 'utf8') : body.byteLength;
  framed.connection = 'close';
  return framed;
}
