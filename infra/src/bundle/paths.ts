import { fileURLToPath } from 'node:url';

/** The repository root: this file is infra/src/bundle/paths.ts. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The functions/ package: the Lambda asset's source folder. */
export const FUNCTIONS_DIR = fileURLToPath(new URL('../../../functions/', import.meta.url));

/** The Lambda entry, by path: infra imports no runtime code, it only points esbuild at it. */
export const LAMBDA_ENTRY = fileURLToPath(new URL('../../../functions/src/lambda.ts', import.meta.url));

/** `npm start`'s entry, by path. */
export const LOCAL_ENTRY = fileURLToPath(new URL('../../../functions/src/local.ts', import.meta.url));

/** Where `npm start` keeps its prebuilt server (under node_modules: never committed, gone with a clean install). */
export const LOCAL_BUILD_DIR = fileURLToPath(
  new URL('../../../node_modules/.cache/chickenfoot/local/', import.meta.url),
);

/** The bundle's file name inside the asset folder, and the handler Lambda calls in it. */
export const HANDLER_FILE = 'index.mjs';
export const HANDLER = 'index.handler';
