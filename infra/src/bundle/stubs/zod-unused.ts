import type { Plugin } from 'esbuild';

// zod 4.6 re-exports its schema compiler (`z.compile`, `z.withParser`: core/compile.js) and its JSON
// Schema reader (`z.fromJSONSchema`: classic/from-json-schema.js) from the `z` namespace, and a
// namespace re-export is never tree-shaken. The API uses neither: it parses with the
// schemas themselves and writes its document with zod-to-openapi.
const COMPILE = /[\\/]zod[\\/]v4[\\/]core[\\/]compile\.js$/;
const FROM_JSON_SCHEMA = /[\\/]zod[\\/]v4[\\/]classic[\\/]from-json-schema\.js$/;

const leftOut = (name: string) =>
  `function () { throw new Error("zod's ${name} is left out of this bundle (infra/src/bundle/stubs/zod-unused.ts)"); }`;

// The modules' own export lists, each name kept so that every import of it still resolves. The symbol
// is zod's own (parse.js asks for it by the same key).
const COMPILE_STUB = `
export const INVALID = Symbol.for("zod.compile.invalid");
export class ZodCompileAsyncError extends Error {}
export class ZodCompileUnsupportedError extends Error {}
export const compile = ${leftOut('compile')};
export const withParser = ${leftOut('withParser')};
export const compileFn = ${leftOut('compileFn')};
`;
const FROM_JSON_SCHEMA_STUB = `export const fromJSONSchema = ${leftOut('fromJSONSchema')};\n`;

/**
 * An esbuild plugin that leaves zod's schema compiler and JSON Schema reader out of a bundle: their
 * names stay (each throws, saying so, if called); nothing else about zod changes.
 * @example await esbuild.build({ ...options, plugins: [zodWithoutUnused()] });
 */
export function zodWithoutUnused(): Plugin {
  return {
    name: 'zod-without-unused',
    setup(build) {
      build.onLoad({ filter: COMPILE }, () => ({ contents: COMPILE_STUB, loader: 'js' }));
      build.onLoad({ filter: FROM_JSON_SCHEMA }, () => ({ contents: FROM_JSON_SCHEMA_STUB, loader: 'js' }));
    },
  };
}
