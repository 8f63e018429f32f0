import type { OpenAPIHono } from '@hono/zod-openapi';

/** The API's description, version and servers as they appear in openapi.yaml. */
export const DOCUMENT_CONFIG = {
  openapi: '3.1.0',
  info: {
    title: 'Chickenfoot API',
    version: '1.0.0',
    description: [
      'Chickenfoot dominoes, played asynchronously: take your turn whenever it suits you and catch up on everything that happened since.',
      '',
      'Register with `POST /v1/players` to get a bearer token. Create a game, share its invite code, and play from `legalMoves` in your view of the game.',
      'Every error is an RFC 9457 `application/problem+json` document whose `type` is stable per `code`. The rules are in docs/rules.md.',
    ].join('\n'),
    license: { name: 'MIT', identifier: 'MIT' },
  },
  servers: [{ url: '/', description: 'This server' }],
  tags: [
    { name: 'Players', description: 'Registration and your games.' },
    { name: 'Games', description: 'Creating, joining, reading and catching up on games.' },
    { name: 'Moves', description: 'Taking your turn.' },
  ],
};

/** Registers the bearer scheme every protected route names. */
export function registerSecurity(app: OpenAPIHono<never> | OpenAPIHono<any>): void {
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description: 'The token from POST /v1/players.',
  });
}
