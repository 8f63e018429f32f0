import { createApplication, MESSAGE_RATE, type ApplicationOptions } from '@chickenfoot/app';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppDeps, AppEnv, Limits } from './app-deps';
import { requirePlayer } from './auth/middleware';
import { requireWatcher } from './auth/watch-middleware';
import { ROUTES } from './contract/document';
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

/** What the app is built from: the application's options, and the HTTP shell's limits. */
export interface AppOptions extends ApplicationOptions {
  readonly limits?: Partial<Limits>;
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
  app.use('*', limitBody(limits.bodyBytes));
  // One token check (and rate limit) for every /v1 route except registration, before any route runs.
  const auth = requirePlayer(deps.accounts, new RateLimiter(limits.perPlayer, deps.clock));
  // The /v1/watch routes take a watch token instead (a link's, not a player's).
  const watcher = requireWatcher(new RateLimiter(limits.perPlayer, deps.clock, undefined, 'watcher'), deps.watchLinks);
  app.use('/v1/*', (c, next) => {
    if (c.req.path === '/v1/players') return next();
    return c.req.path === '/v1/watch' || c.req.path.startsWith('/v1/watch/') ? watcher(c, next) : auth(c, next);
  });
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

  app.route('/', docsRoutes());

  const routes = ROUTES.map((route) => ({
    method: route.method.toUpperCase(),
    pattern: new RegExp(`^${route.path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
  }));
  app.notFound((c) => {
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
  });
  app.onError(errorHandler(logger));
  return app;
}

/** The app's parts, each built once from the options: what every route is handed. */
function appDeps(options: AppOptions): AppDeps {
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  return { ...createApplication({ pollMs: limits.pollMs, messageRate: limits.messages, ...options }), limits };
}
