/**
 * The web client: pages drawn on the server (hono/jsx) and a small bundle that plays through the
 * public API, with a client generated from openapi.yaml like any third party's. functions/ mounts
 * `webRoutes()` in front of the API; `npm run build:web` (run by `npm start`, the tests and the Lambda
 * bundle) builds the bundle into `dist/`.
 */
export { webRoutes, type WebOptions, type WebSite } from './server/routes';
export { WebAssets, defaultAssetsDir, MANIFEST, type AssetName, type WebAsset } from './server/assets';
export { KEPT_KEY, SEEN_PREFIX, SESSION_KEY } from './shared/session-key';
export { GAME_FIELDS, type OptionSpec } from './shared/game-options';
export { ruleOptionsOf, type FormOption } from './server/contract-options';
