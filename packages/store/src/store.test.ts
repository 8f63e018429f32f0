import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { StoreOptions } from './dynamo';
import { EventStreams } from './streams';
import type { Store } from './store';
import { testStore } from './testing';

interface Said {
  readonly type: 'Said';
  readonly text: string;
}

let store: Store;
let options: StoreOptions;
beforeAll(async () => {
  const test = await testStore(inject('dynamoEndpoint'));
  store = test.store;
  options = { client: test.client, tableName: test.tableName };
});

describe('a store’s typed streams', () => {
  it('reads with streamsOf what was appended through streams: the same stream, typed by its writer', async () => {
    await store.streams.append('s1', 0, [{ type: 'Said', text: 'hi' }]);
    const said = store.streamsOf<Said>();
    const latest = await said.readLatest('s1');
    expect(latest?.events.map((event) => event.text)).toEqual(['hi']);
    expect(latest).toEqual(await store.streams.readLatest('s1'));
  });

  it('hands out the streams a store is made of, so one part can be replaced', async () => {
    const appended: string[] = [];
    class Recording extends EventStreams {
      override append(...args: Parameters<EventStreams['append']>) {
        appended.push(args[0]);
        return super.append(...args);
      }
    }
    const made: Store = { ...store, streams: new Recording(options) };
    await made.streamsOf<Said>().append('s2', 0, [{ type: 'Said', text: 'yo' }]);
    expect(appended).toEqual(['s2']);
    expect((await store.streamsOf<Said>().readLatest('s2'))?.events).toEqual([{ type: 'Said', text: 'yo' }]);
  });
});
