import { createDynamoClient, EventStore } from '@chickenfoot/store';
import { createApp } from '../app';
import { silentLogger } from '../http/logging';
import { DOCUMENT_CONFIG } from './document';

/**
 * The OpenAPI 3.1 document of the API, generated from the routes' zod schemas: what openapi.yaml
 * holds. Builds an app whose store is never called (nothing is served).
 */
export function openApiDocument() {
  const store = new EventStore({ client: createDynamoClient({ endpoint: 'http://127.0.0.1:9' }), tableName: 'unused' });
  const app = createApp({ store, secret: 'openapi-document-secret-never-used-for-tokens', logger: silentLogger });
  return app.getOpenAPI31Document(DOCUMENT_CONFIG);
}
