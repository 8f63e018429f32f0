import type { Plugin } from 'esbuild';
import { lambdaCredentials } from './lambda-credentials';
import { sdkWithoutEventStreams } from './sdk-unused';
import { zodEnglishOnly } from './zod-locales';
import { zodWithoutUnused } from './zod-unused';

/**
 * A bundling trick: an esbuild plugin that keeps code the functions never run out of a bundle by
 * stubbing a dependency's module, found by its path or its name. An upgrade of that dependency can
 * break one silently (the module moves, the filter matches nothing, the code comes back), so each says
 * what it stubs, and infra/test/bundle-stubs.test.ts checks a real Lambda bundle against it.
 */
export interface BundleStub {
  /** Makes the plugin. */
  readonly plugin: () => Plugin;
  /** The files the plugin's filters match, under node_modules: each must exist. */
  readonly files: readonly string[];
  /** The package specifiers the plugin's filters match: each must resolve from the repository's root. */
  readonly specifiers: readonly string[];
  /**
   * The inputs of a bundle's metafile that hold the code it keeps out: a bundle made with the plugin has
   * some (the stubs themselves), none adding more than `STUB_BYTES` to the output.
   */
  readonly leftOut: RegExp;
}

/** The most a stubbed module may add to a bundle: its stub's few lines. */
export const STUB_BYTES = 1024;

/**
 * Every bundling trick, in the order the plugins run: zod's 63 non-English locales, zod's schema
 * compiler and JSON Schema reader, every AWS credential source but the environment, and the SDK's
 * event streams. `npm run bench:lambda` measures what each saves (PERFORMANCE.md).
 */
export const BUNDLE_STUBS: readonly BundleStub[] = [
  {
    plugin: zodEnglishOnly,
    files: ['zod/v4/locales/index.js', 'zod/v4/locales/en.js'],
    specifiers: [],
    leftOut: /node_modules\/zod\/v4\/locales\/(?!en\.js$)/,
  },
  {
    plugin: zodWithoutUnused,
    files: ['zod/v4/core/compile.js', 'zod/v4/classic/from-json-schema.js'],
    specifiers: [],
    leftOut: /node_modules\/zod\/v4\/(core\/compile|classic\/from-json-schema)\.js$/,
  },
  {
    plugin: lambdaCredentials,
    files: [],
    specifiers: ['@aws-sdk/credential-provider-node', '@aws-sdk/credential-provider-env'],
    leftOut: /credential-provider-(?!env\/)|nested-clients|token-providers/,
  },
  {
    plugin: sdkWithoutEventStreams,
    files: [],
    specifiers: ['@smithy/core/event-streams'],
    leftOut: /event-streams/,
  },
];

/** The plugins of `BUNDLE_STUBS`, for a build's options. */
export function stubPlugins(): Plugin[] {
  return BUNDLE_STUBS.map((stub) => stub.plugin());
}
