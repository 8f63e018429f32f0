/**
 * Builds the web client's bundle once for the whole run (into packages/web/dist, where the app looks
 * for it), as `npm start` does: the browser suites and the Lambda bundle test serve what it built.
 */
import { buildClient } from '@chickenfoot/web/build';

export default async function setup(): Promise<void> {
  await buildClient();
}
