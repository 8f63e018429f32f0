import { createHash } from 'node:crypto';

// Swagger UI started with the contract this server serves; no validator badge (it would call
// validator.swagger.io), nothing loaded from anywhere but this server. The contract's server defaults
// to npm start's address: "Try it out" here should call the server the page came from, so the page
// sets the server variables to its own origin before handing the contract over. The models are left
// to each operation (no "Schemas" section): rendering every model at once took most of the first paint.
const INIT = `window.addEventListener('load', function () {
  fetch('/openapi.json').then(function (r) { return r.json(); }).then(function (spec) {
    var vars = spec.servers && spec.servers[0] && spec.servers[0].variables;
    if (vars) { vars.scheme.default = location.protocol.slice(0, -1); vars.host.default = location.host; }
    if (spec.externalDocs) spec.externalDocs.url = location.origin + '/docs/rules';
    if (spec.info.contact) spec.info.contact.url = location.origin + '/docs';
    window.ui = SwaggerUIBundle({ spec: spec, dom_id: '#swagger-ui', validatorUrl: null, deepLinking: true, displayOperationId: true, defaultModelsExpandDepth: -1 });
  });
});`;
const INIT_HASH = createHash('sha256').update(INIT).digest('base64');

/** /docs's Content-Security-Policy: only this server, and only its one inline script. */
export const DOCS_CSP = [
  "default-src 'none'",
  `script-src 'self' 'sha256-${INIT_HASH}'`,
  // Swagger UI (React) sets style attributes.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The /docs page: Swagger UI, its assets under `assets` (a versioned path of this server). */
export function docsPage(assets: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Chickenfoot API</title>
<link rel="icon" href="${assets}/favicon-32x32.png">
<link rel="stylesheet" href="${assets}/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${assets}/swagger-ui-bundle.js"></script>
<script>${INIT}</script>
</body>
</html>
`;
}
