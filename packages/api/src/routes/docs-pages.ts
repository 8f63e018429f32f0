import { createHash } from 'node:crypto';

// Swagger UI started with the contract this server serves; no validator badge (it would call
// validator.swagger.io), nothing loaded from anywhere but this server.
const INIT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#swagger-ui', validatorUrl: null, deepLinking: true, displayOperationId: true });
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
