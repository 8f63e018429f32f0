import { OpenAPIHono } from '@hono/zod-openapi';
import EXAMPLES from './examples.json';
import { HEADER_COMPONENTS } from './headers';
import { BEARER_AUTH, DOCS_URL, INFO_DESCRIPTION, RULES_URL, TAGS, WATCH_AUTH } from './document-texts';
import { polish } from './polish';
import { METHOD_NOT_ALLOWED, sharedProblemResponses, singlyAnswered } from './problem-responses';
import { problemCodesOf } from './responses';
import { SHARED_PARAMETERS, SHARED_SCHEMAS } from './shared-schemas';
import { WEBHOOK_EVENTS, WEBHOOK_RESPONSES } from './webhook-events';
import { ROUTES } from './routes';

/** The contract's version: see CHANGELOG.md beside openapi.yaml for what each one changed. */
export const CONTRACT_VERSION = '1.2.0';

/** The API's description, version and servers as they appear in openapi.yaml. */
export const DOCUMENT_CONFIG = {
  openapi: '3.1.0',
  info: {
    title: 'Chickenfoot API',
    version: CONTRACT_VERSION,
    summary: 'Chickenfoot dominoes, played asynchronously over HTTP.',
    description: INFO_DESCRIPTION,
    // Whoever runs a server answers for it; its docs say how to reach them (npm start's, by default).
    contact: { name: 'The operator of this server', url: DOCS_URL },
    license: { name: 'MIT', identifier: 'MIT' },
  },
  externalDocs: { description: 'The rules of the game, every option and every decision', url: RULES_URL },
  servers: [
    {
      url: '{scheme}://{host}',
      // (No description on the variables: @apidevtools/swagger-parser 12, which orval runs, refuses one.)
      description:
        'The server you talk to. The defaults are `npm start`’s, http://127.0.0.1:3000; a deployment on AWS is its API Gateway (or custom) domain, with `scheme` https.',
      variables: { scheme: { enum: ['http', 'https'], default: 'http' }, host: { default: '127.0.0.1:3000' } },
    },
  ],
  tags: TAGS,
};

let document: ReturnType<OpenAPIHono['getOpenAPI31Document']> | undefined;

/**
 * The OpenAPI 3.1 document of the API, generated from the route definitions alone (no app, no store):
 * what openapi.yaml holds and `/openapi.json` serves. Built once per process.
 * @example import { stringify } from 'yaml'; writeFileSync('openapi.yaml', stringify(openApiDocument()));
 */
export function openApiDocument() {
  if (document) return document;
  const registry = new OpenAPIHono();
  registry.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', BEARER_AUTH);
  registry.openAPIRegistry.registerComponent('securitySchemes', 'watchAuth', WATCH_AUTH);
  for (const [name, header] of Object.entries(HEADER_COMPONENTS)) {
    registry.openAPIRegistry.registerComponent('headers', name, header);
  }
  for (const [name, response] of Object.entries(WEBHOOK_RESPONSES))
    registry.openAPIRegistry.registerComponent('responses', name, response);
  // The shared schemas first, each with its own description (a use's description goes beside its $ref).
  for (const [name, schema] of Object.entries(SHARED_SCHEMAS)) registry.openAPIRegistry.register(name, schema);
  for (const [name, schema] of Object.entries(SHARED_PARAMETERS))
    registry.openAPIRegistry.registerParameter(name, schema);
  for (const route of ROUTES) registry.openAPIRegistry.registerPath(route);
  for (const webhook of WEBHOOK_EVENTS) registry.openAPIRegistry.registerWebhook(webhook);
  const generated = registry.getOpenAPI31Document(DOCUMENT_CONFIG);
  const shared = [...new Set(ROUTES.flatMap((route) => singlyAnswered(problemCodesOf(route))))];
  document = polish(generated, { ...sharedProblemResponses(shared), MethodNotAllowed: METHOD_NOT_ALLOWED }, EXAMPLES);
  return document;
}
