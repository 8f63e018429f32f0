/**
 * One in-memory dynalite for the whole vitest run; test files reach it with `inject('dynamoEndpoint')`
 * and each creates its own table. dynalite is loaded with `require` because packages imported
 * statically here go through vite's module runner (the AWS SDK that way takes ~4 s); this file
 * needs no SDK at all.
 */
import { createRequire } from 'node:module';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  interface ProvidedContext {
    /** The shared test dynalite, e.g. http://127.0.0.1:41234. */
    dynamoEndpoint: string;
  }
}

type Dynalite = (options: { createTableMs?: number; deleteTableMs?: number }) => Server;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The SDK warns once per test worker that its 2027 releases need Node 22; once is enough (TOOLCHAIN).
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const dynalite = createRequire(import.meta.url)('dynalite') as Dynalite;
  const server = dynalite({ createTableMs: 0, deleteTableMs: 0 });
  // As startEmbeddedDynamo does (see there): Node's 5 s idle limit raced busy clients' reuse of sockets.
  server.keepAliveTimeout = 10 * 60_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  project.provide('dynamoEndpoint', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
