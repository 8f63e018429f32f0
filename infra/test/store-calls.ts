import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { REPO_ROOT } from '../src/bundle/paths';

// Local bootstrap and test helpers: the Lambda never creates or describes its table.
const NOT_IN_LAMBDA = [/^create-table\.ts$/, /^embedded\//, /^testing\.ts$/, /\.test\.ts$/];

/**
 * The DynamoDB actions the event store's source sends (`new XxxCommand(` → `dynamodb:Xxx`), read as
 * text: infra may not import the store's runtime, and the grant must follow it all the same.
 * @example expect(grantedActions).toEqual(storeDynamoActions());
 */
export function storeDynamoActions(): string[] {
  const dir = join(REPO_ROOT, 'packages/store/src');
  const files = (readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.ts'))
    .filter((f) => !NOT_IN_LAMBDA.some((skip) => skip.test(relative(dir, join(dir, f)).replaceAll('\\', '/'))));
  const actions = new Set<string>();
  for (const file of files) {
    for (const match of readFileSync(join(dir, file), 'utf8').matchAll(/new (\w+)Command\(/g))
      actions.add(`dynamodb:${match[1]}`);
  }
  return [...actions].sort();
}
