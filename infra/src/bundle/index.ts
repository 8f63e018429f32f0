/**
 * The Lambda bundle, for the stack and for whoever measures or runs it (`npm run bench:lambda`,
 * the bundled-handler test): one set of esbuild options, one build function. And `npm start`'s
 * prebuilt server, built the same way (`localServerBuildOptions`, `bundleLocalServer`).
 */
export { bundleLambda } from './build';
export { copyDocsAssets, DOCS_ASSET_DIR, DOCS_ASSET_FILES } from './docs-assets';
export { bundleLocalServer, MANIFEST, type LocalBuildManifest } from './local-build';
export { localServerBuildOptions } from './local-options';
export { lambdaBuildOptions } from './options';
export { bundleLoad, type BundleFile, type BundleLoad } from './startup';
export { buildWebAssets, WEB_ASSET_DIR } from './web-assets';
export { FUNCTIONS_DIR, HANDLER, HANDLER_FILE, LAMBDA_ENTRY, LOCAL_BUILD_DIR, LOCAL_ENTRY, REPO_ROOT } from './paths';
