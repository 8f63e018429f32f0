import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../app-env';
import { validationProblem } from '../http/validation';

/** A router whose request validation answers with problems (every route group uses one). */
export function router(): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) return validationProblem(result.target, result.error.issues, c);
      return undefined;
    },
  });
}
