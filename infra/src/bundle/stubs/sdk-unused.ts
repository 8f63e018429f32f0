import type { Plugin } from 'esbuild';

// The SDK's protocols load `@smithy/core/event-streams` (the event-stream codec, its marshallers and
// serde) by a dynamic import, only for an operation whose input or output is an event
// stream. DynamoDB and Secrets Manager have none, so the Lambda never runs it; a dynamic import of a
// bundled module is still bundled. Only the two names the protocols ask for are kept.
const EVENT_STREAMS = /^@smithy\/core\/event-streams$/;
const NAMESPACE = 'sdk-without-event-streams';

const LEFT_OUT = `event streams are left out of this bundle (infra/src/bundle/stubs/sdk-unused.ts)`;
const STUB = `
export class EventStreamSerde { constructor() { throw new Error(${JSON.stringify(LEFT_OUT)}); } }
export const eventStreamSerdeProvider = () => { throw new Error(${JSON.stringify(LEFT_OUT)}); };
`;

/**
 * An esbuild plugin that leaves the AWS SDK's event-stream support out of a bundle: the names the SDK's
 * protocols import stay (each throws, saying so, if an event-stream operation were ever sent).
 * @example await esbuild.build({ ...options, plugins: [sdkWithoutEventStreams()] });
 */
export function sdkWithoutEventStreams(): Plugin {
  return {
    name: NAMESPACE,
    setup(build) {
      build.onResolve({ filter: EVENT_STREAMS }, (args) => ({ path: args.path, namespace: NAMESPACE }));
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, () => ({ contents: STUB, loader: 'js' }));
    },
  };
}
