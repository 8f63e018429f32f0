import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { StoreError } from './errors';

/**
 * A page's `LastEvaluatedKey` as an opaque text for clients, and back. `sk` is the table's only
 * numeric key; every other key attribute is a string.
 */
export const encodeCursor = (key: Record<string, AttributeValue>): string =>
  Buffer.from(JSON.stringify(Object.entries(key).map(([name, value]) => [name, value.S ?? value.N]))).toString(
    'base64url',
  );

/** The key a cursor from `encodeCursor` names; `store/invalid-request` for anything else. */
export function decodeCursor(cursor: string, list: string): Record<string, AttributeValue> {
  try {
    const pairs = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, string][];
    return Object.fromEntries(
      pairs.map(([name, value]) => [name, name === 'sk' ? { N: String(value) } : { S: String(value) }]),
    );
  } catch (error) {
    throw new StoreError('store/invalid-request', `not a cursor from ${list}`, { cause: error });
  }
}
