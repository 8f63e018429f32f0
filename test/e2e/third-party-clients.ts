/**
 * The clients in third-party/, loaded by path: each is compiled with the code its generator wrote
 * during the test run (generators.test.ts), which does not exist before it, so the repository's own
 * type-check never sees them. Here they are typed by the contract's types as the web client has them
 * (openapi-typescript, from the same openapi.yaml).
 */
import type { components } from '@chickenfoot/web/api-types';

type Schemas = components['schemas'];

/** What the tests do with every response: check it against openapi.yaml (support/contract/fetch). */
export type OnResponse = (request: Request, response: Response) => Promise<Response>;

/** One seat's client, whichever generator made it. */
export interface GeneratedSeat {
  create(seats: number, rules?: Schemas['RuleOptions']): Promise<Schemas['Game']>;
  join(id: string, inviteCode: string): Promise<Schemas['Game']>;
  view(id: string): Promise<Schemas['Game']>;
  move(id: string, version: number, move: Schemas['Move']): Promise<Schemas['CommandReply'] | null>;
  events(id: string, after: number): Promise<Schemas['EventPage']>;
}

/** A client module of third-party/: how it registers a player. */
interface ClientModule {
  register(baseUrl: string, name: string, onResponse: OnResponse): Promise<GeneratedSeat>;
}

/**
 * The seat client of one generator (`hey-api`, `orval`), from test/e2e/third-party/<name>-client.ts.
 * @example const { register } = await generatedClient('hey-api'); const ann = await register(url, 'Ann', checkFetched);
 */
export async function generatedClient(name: 'hey-api' | 'orval'): Promise<ClientModule> {
  const path = new URL(`./third-party/${name}-client.ts`, import.meta.url).pathname;
  return (await import(path)) as ClientModule;
}
