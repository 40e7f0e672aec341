// The browsable page /api/v1/docs of the OpenAPI document (declared as API.platform.openapi):
// swagger-ui-dist assets, no inline script so the CSP `script-src 'self'` holds. An HTML page and
// its assets, not an API endpoint, so not in the endpoint list.
import { createRequire } from 'node:module';
import path from 'node:path';
import express, { Router } from 'express';

const swaggerDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Airloom API</title>
<link rel="stylesheet" href="/api/v1/docs/assets/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/v1/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/v1/docs/init.js"></script>
</body>
</html>
`;

const INIT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({ url: '/api/v1/openapi.json', dom_id: '#swagger-ui', deepLinking: true });
});
`;

export function createDocsRouter(): Router {
  const router = Router();
  router.get('/docs', (_req, res) => {
    res.type('html').setHeader('Cache-Control', 'no-cache');
    res.send(PAGE);
  });
  router.get('/docs/init.js', (_req, res) => {
    res.type('application/javascript').send(INIT);
  });
  router.use('/docs/assets', express.static(swaggerDir, { index: false, maxAge: '1d' }));
  return router;
}
