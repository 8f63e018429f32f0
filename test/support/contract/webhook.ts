/**
 * The conformance check of deliveries: a webhook request the server sent is one that openapi.yaml's
 * `webhooks` section documents. Its `type` names the entry; the body is held (strictly, as responses
 * are) to that entry's request schema, and the entry's required headers must be there.
 */
import type { Json } from './spec';
import { tally } from './tally';

/** A delivery as a receiver got it. */
export interface ReceivedDelivery {
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: string;
}

type Node = Record<string, unknown>;

/** Checks one delivery against the contract and counts it; throws with what is wrong. */
export async function conformDelivery(delivery: ReceivedDelivery): Promise<void> {
  const { contractOf } = await import('./check');
  const { spec, validatorFor } = contractOf();
  let problem: string | null = null;
  let body: { type?: unknown } = {};
  try {
    body = JSON.parse(delivery.body) as { type?: unknown };
  } catch {
    problem = 'the body is not JSON';
  }
  const type = String(body.type);
  const entry = ((spec.document.webhooks ?? {}) as Node)[type] as Node | undefined;
  const post = entry?.post as Node | undefined;
  if (!problem && !post) problem = `no webhook ${type} in openapi.yaml`;
  if (!problem && post) {
    const content = ((post.requestBody as Node).content as Node)['application/json'] as Node;
    const validate = validatorFor(strictRef(content.schema as Node) as Json, `webhook:${type}`);
    if (!validate(body)) problem = `body fails ${type}: ${JSON.stringify(validate.errors?.slice(0, 3))}`;
    const shared = ((spec.document.components as Node | undefined)?.parameters ?? {}) as Node;
    for (const written of (post.parameters ?? []) as Node[]) {
      // A shared header (`#/components/parameters/WebhookSignature`) is read where it is defined.
      const ref = typeof written.$ref === 'string' ? written.$ref.replace('#/components/parameters/', '') : null;
      const header = (ref === null ? written : shared[ref]) as Node | undefined;
      if (!header) problem = `parameter ${String(written.$ref)} is not in openapi.yaml`;
      else if (header.in === 'header' && header.required && delivery.headers[String(header.name)] === undefined)
        problem = `header ${String(header.name)} is missing`;
    }
  }
  if (problem) {
    tally.mismatches++;
    if (tally.failures.length < 20) tally.failures.push(`webhook ${type}: ${problem}`);
    throw new Error(`delivery breaks the contract: ${problem}`);
  }
  tally.deliveries++;
}

/** A `$ref` into the components, pointed at the strict copy the validators were built with. */
function strictRef(schema: Node): Node {
  const ref = schema.$ref;
  return typeof ref === 'string'
    ? { $ref: ref.replace('#/components/schemas/', 'https://contract.chickenfoot.invalid/openapi#/$defs/') }
    : schema;
}
