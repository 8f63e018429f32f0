/**
 * The Lambda bundle, for the stack and for whoever measures or runs it (`npm run bench:lambda`,
 * the bundled-handler test): one set of esbuild options, one build function.
 */
export { bundleLambda } from './build';
export { copyDocsAssets, DOCS_ASSET_DIR, DOCS_ASSET_FILES } from './docs-assets';
export { lambdaBuildOptions } from './options';
export { buildWebAssets, WEB_ASSET_DIR } from './web-assets';
export { FUNCTIONS_DIR, HANDLER, HANDLER_FILE, LAMBDA_ENTRY, REPO_ROOT } from './paths';
