/**
 * The contract's OpenAPI document, its generator and texts imported on the first call: what serves
 * games (a Lambda's cold start) never loads them, and a bundle keeps them in a chunk of their own.
 * @example const contract = await loadContract();
 */
export async function loadContract(): Promise<ReturnType<typeof import('./document').openApiDocument>> {
  const { openApiDocument } = await import('./document');
  return openApiDocument();
}
