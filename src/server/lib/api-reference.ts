import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

const mark =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect x="1" y="1" width="14" height="14" rx="3" fill="#2456c7"/>' +
  '<path d="M5 11 8 4l3 7M6.2 8.5h3.6" stroke="#fff" stroke-width="1.5" fill="none" stroke-linecap="round" stroke-linejoin="round"/></svg>';

/** Where people read the API's description; the document itself stays at /openapi.json. */
export const apiReferencePath = '/docs';

/**
 * /docs: the OpenAPI document rendered for people by Swagger UI (@fastify/swagger-ui, which serves swagger-ui-dist's
 * files from node_modules under /docs/static, no CDN: it works offline). Its page loads only its own files, never
 * the dashboard's bundles; the app's CSP (scripts and styles from this origin only) holds for it as it is: the
 * initializer is a file, not an inline script. Chosen over Redoc's standalone bundle (2.3 MB, 650 kB gzip, styles
 * injected inline) and Scalar's (4.9 MB, 1.4 MB gzip): 1.7 MB + 0.19 MB CSS, 485 kB gzip (docs/api.md).
 */
export async function registerApiReference(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwaggerUi, {
    routePrefix: apiReferencePath,
    // the dashboard's mark (public/favicon.svg) in the top bar instead of the plugin's; the online validator stays off
    logo: { type: 'image/svg+xml', content: mark, href: '/' },
    uiConfig: { deepLinking: true, docExpansion: 'list', defaultModelsExpandDepth: 0, displayOperationId: true },
  });
}
