/**
 * The import directions of ARCHITECTURE.md, enforced in `npm test`:
 *   rules -> nothing | bots -> rules | store -> AWS SDK | webhooks -> ipaddr.js
 *   app -> rules, bots, store, webhooks (never hono, zod, the api) | api -> app, rules, hono, zod
 *   web -> its generated API client (openapi-fetch), hono | functions -> api, app, store, web
 *   infra -> aws-cdk-lib, constructs (and the store's table, the api's CORS policy) | test -> public entries only.
 * Tests that live beside the code may also use the test tooling (vitest, fast-check).
 */
const TESTS = '\\.test\\.ts$';
const TEST_TOOLS = '^node_modules/(vitest|@vitest|fast-check)/';

/**
 * A package may import only itself, the listed paths, and (for tests beside the code) the test tooling
 * plus `testsMayAlso`.
 */
function onlyImports(name, from, allowed, allowNodeBuiltins, testsMayAlso = []) {
  return [
    {
      name: `${name}-only-allowed-dependencies`,
      comment: `${from} may import only: ${allowed.join(', ') || 'nothing outside itself'}`,
      severity: 'error',
      from: { path: `^${from}/`, pathNot: TESTS },
      to: {
        pathNot: [`^${from}/`, ...allowed],
        ...(allowNodeBuiltins ? { dependencyTypesNot: ['core'] } : {}),
      },
    },
    {
      name: `${name}-tests-only-allowed-dependencies`,
      severity: 'error',
      from: { path: `^${from}/.*${TESTS}` },
      to: { pathNot: [`^${from}/`, TEST_TOOLS, ...allowed, ...testsMayAlso], dependencyTypesNot: ['core'] },
    },
  ];
}

const pkg = (name) => `^packages/${name}/src/index\\.ts$`;
const mod = (name) => `^node_modules/${name}/`;

module.exports = {
  forbidden: [
    ...onlyImports('rules', 'packages/rules', [], false),
    // Computer players decide from one seat's view through the rules' public entry, nothing else.
    ...onlyImports('bots', 'packages/bots', [pkg('rules')], false),
    ...onlyImports('store', 'packages/store', [mod('@aws-sdk'), mod('@smithy'), mod('dynalite')], true),
    // Outbound webhooks: signing and an SSRF-safe sender on node:http(s); ipaddr.js classifies addresses.
    // Its tests check deliveries with the reference verifier and make TLS certificates on the spot.
    ...onlyImports('webhooks', 'packages/webhooks', [mod('ipaddr\\.js')], true, [
      mod('standardwebhooks'),
      mod('selfsigned'),
    ]),
    // The application knows no HTTP: no hono, no zod schemas, nothing of the api.
    ...onlyImports('app', 'packages/app/src', [pkg('rules'), pkg('bots'), pkg('store'), pkg('webhooks')], true),
    // The HTTP shell: the application, the rules' types, hono and zod. The store stays behind the app.
    ...onlyImports(
      'api',
      'packages/api/src',
      [
        ...[pkg('app'), pkg('rules'), pkg('store'), pkg('webhooks')],
        // ipaddr.js: client addresses for the registration limit (an IPv6 address by its /64).
        ...[mod('hono'), mod('@hono/zod-openapi'), mod('zod'), mod('ipaddr.js')],
      ],
      true,
    ),
    // The web client talks to the API like any third party: through the client generated from
    // openapi.yaml (its types, with openapi-fetch), never the api's code. Pages are hono/jsx.
    ...onlyImports('web', 'packages/web/src', [mod('hono'), mod('openapi-fetch')], true),
    // What runs in the browser (and the board it draws) has no Node built-ins to lean on.
    {
      name: 'web-browser-code-has-no-node',
      severity: 'error',
      from: { path: '^packages/web/src/(client|board|shared|api)/', pathNot: TESTS },
      to: { dependencyTypes: ['core'] },
    },
    // The client's build: esbuild, and marked to draw the rules page from docs/rules.md.
    ...onlyImports('web-scripts', 'packages/web/scripts', [mod('esbuild'), mod('marked')], true),
    // The scripts that write openapi.yaml (and the web client's types) from the api's public entry,
    // measure it, and check it against the last released contract.
    ...onlyImports('api-scripts', 'packages/api/scripts', [pkg('api'), mod('yaml'), mod('openapi-typescript')], true),
    ...onlyImports(
      'functions',
      'functions',
      [
        pkg('api'),
        pkg('app'),
        pkg('store'),
        pkg('web'),
        '^packages/store/src/embedded/index\\.ts$',
        mod('hono'),
        mod('@hono/node-server'),
        mod('@aws-sdk'),
      ],
      true,
      ['^packages/api/src/testing\\.ts$'],
    ),
    // esbuild: infra builds the Lambda bundle with plugins, which only esbuild's API can run.
    ...onlyImports(
      'infra',
      'infra',
      [
        mod('aws-cdk-lib'),
        mod('constructs'),
        mod('cdk-nag'),
        mod('esbuild'),
        '^packages/store/src/table\\.ts$',
        // The API's CORS policy, which API Gateway answers preflights with.
        '^packages/api/src/http/cors\\.ts$',
        // The web client's build script (not its runtime code): the Lambda bundle carries its output.
        '^packages/web/scripts/build-client\\.ts$',
      ],
      true,
    ),
    {
      name: 'no-deep-imports-into-packages',
      comment: 'Outside a package, import only its public entry (its package name), never its src/ files.',
      severity: 'error',
      from: { path: '^(packages/[^/]+|functions|infra|test)/' },
      to: {
        path: '^packages/[^/]+/src/',
        pathNot: [
          '^$1/',
          '^packages/[^/]+/src/index\\.ts$',
          '^packages/store/src/embedded/index\\.ts$',
          '^packages/store/src/table\\.ts$',
          '^packages/api/src/http/cors\\.ts$',
          '^packages/api/src/testing\\.ts$',
          '^packages/app/src/testing\\.ts$',
          // The web client's generated types, which the tests' openapi-fetch client shares.
          '^packages/web/src/api/api-types\\.ts$',
        ],
      },
    },
    {
      name: 'no-circular',
      severity: 'error',
      // The SDK @hey-api/openapi-ts generates has a type-only cycle of its own; it is generated, not ours.
      from: { pathNot: '^test/e2e/generated/' },
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      // The third-party clients import what the generators write during the test run (not committed).
      from: { pathNot: '^test/e2e/third-party/' },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(cdk\\.out|\\.data)/|^test/fixtures/|^test/e2e/generated/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    combinedDependencies: false,
    preserveSymlinks: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
    },
  },
};
