import { createApplication, MESSAGE_RATE, type ApplicationOptions } from '@chickenfoot/app';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { AppDeps, AppEnv, Limits, TestClockOption } from './app-deps';
import { requirePlayer } from './auth/middleware';
import { requireWatcher } from './auth/watch-middleware';
import { ROUTES } from './contract/routes';
import { TEST_CLOCK_PATH } from './contract/test-clock';
import { limitBody } from './http/body-limit';
import { bufferedBody } from './http/buffered-body';
import { errorHandler } from './http/errors';
import { problem } from './http/problems';
import { RateLimiter } from './http/rate-limit';
import { limitByAddress, requestContext } from './http/request-context';
import { accountRoutes } from './routes/account';
import { docsRoutes } from './routes/docs';
import { eventRoutes } from './routes/events';
import { gameRoutes } from './routes/games';
import { lifecycleRoutes } from './routes/lifecycle';
import { lobbyRoutes } from './routes/lobby';
import { messageRoutes } from './routes/messages';
import { exportRoutes } from './routes/export';
import { rematchRoutes } from './routes/rematch';
import { watchRoutes } from './routes/watch';
import { webhookRoutes } from './routes/webhooks';
import { pushRoutes } from './routes/push';
import { moveRoutes } from './routes/moves';
import { myGameRoutes } from './routes/my-games';
import { playerRoutes } from './routes/players';
import { seatRoutes } from './routes/seats';
import { router } from './routes/router';
import { testClockRoutes } from './routes/test-clock';

/** What the app is built from: the application's options, and the HTTP shell's limits. */
export interface AppOptions extends ApplicationOptions {
  readonly limits?: Partial<Limits>;
  /** A test clock (local and test servers only): mounts `/v1/test-clock`; give its `now` as `clock` too. */
  readonly testClock?: TestClockOption;
}

const DEFAULT_LIMITS: Limits = {
  bodyBytes: 16 * 1024,
  maxWaitSeconds: 20,
  pollMs: 250,
  maxPage: 1000,
  // Real play is a few requests per player a minute. Each admitted request costs the server and the
  // database a few milliseconds, so at 100/s one client could take most of a server; at 20/s a
  // flood on one game leaves another's moves near their usual latency (test/security/flood.test.ts).
  perPlayer: { burst: 60, perSecond: 20 },
  registrations: { burst: 30, perSecond: 1 },
  messages: MESSAGE_RATE,
};

/**
 * The Chickenfoot HTTP API as one Hono app: the same app runs on Lambda and on Node.
 * @example
 * const app = createApp({ store, secret: process.env.TOKEN_SECRET! });
 * const res = await app.request('/v1/players', { method: 'POST', body: '{"name":"Ann"}', headers: { 'content-type': 'application/json' } });
 */
export function createApp(options: AppOptions): OpenAPIHono<AppEnv> {
  const deps = appDeps(options);
  const { logger, limits } = deps;

  const app = router();
  app.use('*', requestContext(logger));
  // On every answer, errors too: no MIME sniffing of JSON, no referrer leaving /docs, no framing.
  app.use('*', secureHeaders(SECURE_HEADERS));
  app.use('*', limitBody(limits.bodyBytes));
  app.use('/v1/*', authentication(deps));
  app.post('/v1/players', limitByAddress(new RateLimiter(limits.registrations, deps.clock, undefined, 'registration')));
  // After the token check, which awaits: by then Node has parsed the packet the body came in.
  app.use('*', bufferedBody());
  app.route('/', playerRoutes(deps));
  app.route('/', accountRoutes(deps));
  app.route('/', messageRoutes(deps));
  app.route('/', exportRoutes(deps));
  app.route('/', rematchRoutes(deps));
  app.route('/', watchRoutes(deps));
  app.route('/', myGameRoutes(deps));
  app.route('/', webhookRoutes(deps));
  app.route('/', pushRoutes(deps));
  app.route('/', gameRoutes(deps));
  app.route('/', seatRoutes(deps));
  app.route('/', moveRoutes(deps));
  app.route('/', eventRoutes(deps));
  app.route('/', lifecycleRoutes(deps));
  app.route('/', lobbyRoutes(deps));
  if (deps.testClock) app.route('/', testClockRoutes(deps.testClock));

  app.route('/', docsRoutes());

  // Without a test clock its paths are not this server's at all: 404, not 405.
  const served = deps.testClock ? ROUTES : ROUTES.filter((route) => !route.path.startsWith(TEST_CLOCK_PATH));
  const routes = served.map((route) => ({
    method: route.method.toUpperCase(),
    pattern: new RegExp(`^${route.path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
  }));
  app.notFound(notFound(routes));
  app.onError(errorHandler(logger));
  return app;
}

/** `GET /v1/games/{id}/invitation`'s path: the one game route that takes no token. */
const INVITATION = /^\/v1\/games\/[^/]+\/invitation$/;

/**
 * One token check (and rate limit) for every /v1 route except registration and an invitation, before any route runs:
 * the /v1/watch routes take a watch token instead (a link's, counted toward its maker's limit too).
 */
function authentication(deps: AppDeps): MiddlewareHandler<AppEnv> {
  const { limits, clock } = deps;
  const players = new RateLimiter(limits.perPlayer, clock);
  const auth = requirePlayer(deps.accounts, players);
  const links = new RateLimiter(limits.perPlayer, clock, undefined, 'watcher');
  const watcher = requireWatcher({ links, players }, deps.watchLinks);
  // An invitation is read before its reader has a token (or any account): held to the player's
  // limit per client address instead.
  const invitations = limitByAddress(new RateLimiter(limits.perPlayer, clock, undefined, 'invitation'), 'requests');
  return (c, next) => {
    if (c.req.path === '/v1/players') return next();
    if (INVITATION.test(c.req.path)) return invitations(c, next);
    return c.req.path === '/v1/watch' || c.req.path.startsWith('/v1/watch/') ? watcher(c, next) : auth(c, next);
  };
}

/**
 * Of Hono's secure headers, the three that matter to an API and its docs page (no MIME sniffing, no
 * referrer, no framing), stated once in the contract's description; `/docs` sets its own CSP.
 */
const SECURE_HEADERS = {
  crossOriginResourcePolicy: false,
  crossOriginOpenerPolicy: false,
  crossOriginEmbedderPolicy: false,
  strictTransportSecurity: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
  referrerPolicy: 'no-referrer',
  xFrameOptions: 'DENY',
} as const;

/** The app's parts, each built once from the options: what every route is handed. */
function appDeps(options: AppOptions): AppDeps {
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const application = createApplication({ pollMs: limits.pollMs, messageRate: limits.messages, ...options });
  return { ...application, limits, ...(options.testClock ? { testClock: options.testClock } : {}) };
}

/** What answers a request no route took: 405 with `Allow` on a path of the API, else 404. */
function notFound(routes: readonly { method: string; pattern: RegExp }[]) {
  return (c: Context) => {
    const allowed = routes.filter((r) => r.pattern.test(c.req.path)).map((r) => r.method);
    if (allowed.length > 0) {
      return problem(
        c,
        'request/method-not-allowed',
        `${c.req.method} is not allowed here; use ${allowed.join(' or ')}.`,
        {},
        { Allow: allowed.join(', ') },
      );
    }
    return problem(
      c,
      'request/not-found',
      `There is nothing at ${c.req.method} ${c.req.path}. The API is described at /openapi.json.`,
    );
  };
}
