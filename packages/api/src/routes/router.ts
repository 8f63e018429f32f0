import { OpenAPIHono, type RouteConfig, type RouteHandler } from '@hono/zod-openapi';
import type { Handler } from 'hono';
import type { ZodType } from 'zod';
import type { AppEnv } from '../app-deps';
import { validateRequest } from '../http/validation';

/** A router for a group of routes; add each with `openapi`. */
export function router(): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>();
}

/**
 * Adds a route as `app.openapi(route, handler)` would, but without registering it (the document is built
 * from `contract/` alone): its handler typed by it, its request validated against its schemas before the handler runs. The
 * validation is `validateRequest`'s single pass instead of @hono/zod-openapi's middleware per part.
 * @example openapi(app, createRoute({ method: 'get', path: '/v1/me', … }), (c) => c.json(…, 200));
 */
export function openapi<R extends RouteConfig>(
  app: OpenAPIHono<AppEnv>,
  route: R,
  handler: RouteHandler<R, AppEnv>,
): void {
  // Route-level middleware and hidden routes are not needed here, so not supported: refused, not ignored.
  if (route.middleware !== undefined || route.hide !== undefined)
    throw new TypeError(`${route.method} ${route.path}: openapi() takes no middleware or hide`);
  const { query, params, headers, body } = route.request ?? {};
  const media = body?.content['application/json'];
  const json = media && 'schema' in media ? (media.schema as ZodType) : undefined;
  const validate = validateRequest({
    ...(query ? { query } : {}),
    ...(params ? { params } : {}),
    ...(headers && !Array.isArray(headers) ? { headers: headers as ZodType } : {}),
    ...(json ? { json } : {}),
  });
  app.on(
    route.method.toUpperCase(),
    route.path.replaceAll(/\/{(.+?)}/g, '/:$1'),
    validate,
    handler as unknown as Handler<AppEnv>,
  );
}
