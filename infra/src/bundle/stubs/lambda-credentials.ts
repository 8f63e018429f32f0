import { dirname } from 'node:path';
import type { Plugin } from 'esbuild';

// Every AWS SDK client imports `defaultProvider` from @aws-sdk/credential-provider-node: a chain of
// env → SSO → ini → process → web identity → ECS/IMDS, with nested STS/SSO clients.
// On Lambda the first link always answers: the runtime puts the function role's credentials in
// AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY / AWS_SESSION_TOKEN. So the bundle keeps that link only,
// the SDK's own `fromEnv`, and a missing variable fails loudly instead of probing the network.
// If this function ever runs where credentials come another way (a container credentials endpoint,
// e.g. on Lambda Managed Instances), drop this plugin: the bundle grows back by the whole chain.
const CHAIN = /^@aws-sdk\/credential-provider-node$/;
const NAMESPACE = 'lambda-credentials';
const SKIP = Symbol('resolving the real package');
const CONTENTS = `import { fromEnv } from '@aws-sdk/credential-provider-env';
export const defaultProvider = (init = {}) => fromEnv(init);
`;

/**
 * An esbuild plugin that gives the AWS SDK clients Lambda's credential source (the environment) in
 * place of the default provider chain. For the Lambda bundle only: anywhere else, keep the chain.
 * `fromEnv` is imported from where the chain package itself would import it, so the two never
 * disagree on its version and no extra dependency is declared.
 * @example await esbuild.build({ ...options, plugins: [lambdaCredentials()] });
 */
export function lambdaCredentials(): Plugin {
  return {
    name: 'lambda-credentials',
    setup(build) {
      build.onResolve({ filter: CHAIN }, async (args) => {
        if (args.pluginData === SKIP) return undefined;
        const real = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: SKIP });
        if (real.errors.length > 0) return { errors: real.errors };
        return { path: real.path, namespace: NAMESPACE };
      });
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => ({
        contents: CONTENTS,
        loader: 'js',
        resolveDir: dirname(args.path),
      }));
    },
  };
}
