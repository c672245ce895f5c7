/**
 * The OpenAPI description at /api/docs/json, made from the routes' own schemas (docs/decisions/053): what a client is
 * generated from and what `npm run lint` checks with Redocly's recommended rules (test/lint-api-document.ts).
 *
 * Each documented route says its `operationId` (camelCase, unique) and its `security`: `[{ bearer: [] }]` behind a
 * session (`authenticate`, `requireRole`), `[]` when anyone may call it. `checkRouteDocs` refuses a route that does not,
 * or whose `security` says otherwise than its hooks, or that documents no 2xx or no 4xx answer, when it is registered:
 * every test that builds the app names it.
 */
import { ZFileBodySchema, ZTextBodySchema } from '@farmaponte/shared';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { RouteOptions } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { asksForSession } from './auth-guard';

type TJsonSchema = { [key: string]: unknown };

/**
 * OpenAPI 3.0 has no tuples: zod writes `[string, number, number, string]` as an array whose items are `anyOf` the
 * members, so a type comes back once per member of that type. One branch per distinct type says the same.
 */
function tupleWithoutRepeats({ zodSchema, jsonSchema }: { zodSchema: z.core.$ZodTypes; jsonSchema: TJsonSchema }) {
  const items = jsonSchema.items as TJsonSchema | undefined;
  if (zodSchema._zod.def.type !== 'tuple' || !Array.isArray(items?.anyOf)) return;
  const distinct = [...new Map(items.anyOf.map((branch) => [JSON.stringify(branch), branch])).values()];
  jsonSchema.items = distinct.length === 1 ? distinct[0] : { anyOf: distinct };
}

/** @fastify/swagger's options: the document's header, its server (the public address), the routes' zod schemas. */
export function apiDocsOptions(publicUrl: () => string): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Farmaponte API', description: 'Offerte di lavoro e turni per le farmacie italiane', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: createJsonSchemaTransform({ zodToJsonConfig: { override: tupleWithoutRepeats } }),
    // Asked when the document is first served (then kept): PUBLIC_URL, or the address the server listens on. The
    // paths keep their /api prefix, so the server is the site's root.
    transformObject: (document) => ({
      ...('openapiObject' in document ? document.openapiObject : {}),
      servers: [{ url: publicUrl() }],
    }),
  };
}

/** A documented answer that is not JSON: `response: { 200: bodyOf('application/pdf', 'Il PDF') }`; a PDF or a ZIP is a file, the rest text. */
export function bodyOf(contentType: string, description: string) {
  const schema = contentType === 'application/pdf' || contentType === 'application/zip' ? ZFileBodySchema : ZTextBodySchema;
  return { description, content: { [contentType]: { schema } } };
}

const OPERATION_ID = /^[a-z][a-zA-Z0-9]*$/;

/** The onRoute check of what the document says of each /api route (see above); `seen` holds the operationIds so far. */
export function checkRouteDocs(route: RouteOptions, seen: Set<string>) {
  const schema = route.schema as { hide?: boolean; operationId?: unknown; security?: unknown; response?: object } | undefined;
  // The HEAD twin Fastify adds to each GET is not in the document.
  if (!route.url.startsWith('/api/') || schema?.hide || route.method === 'HEAD') return;
  const name = `${String(route.method)} ${route.url}`;
  const { operationId, security } = schema ?? {};
  if (typeof operationId !== 'string' || !OPERATION_ID.test(operationId))
    throw new Error(`${name}: its schema needs an operationId in camelCase (lib/api-docs.ts)`);
  if (seen.has(operationId)) throw new Error(`${name}: operationId ${operationId} is already used by another route`);
  seen.add(operationId);
  const hooks = [route.onRequest ?? []].flat();
  const behindSession = hooks.some(asksForSession);
  if (!Array.isArray(security) || security.length > 0 !== behindSession)
    throw new Error(`${name}: its schema needs security ${behindSession ? '[{ bearer: [] }]' : '[] (no login)'}`);
  const statuses = Object.keys(schema?.response ?? {});
  if (!statuses.some((status) => status.startsWith('2')) || !statuses.some((status) => status.startsWith('4')))
    throw new Error(`${name}: its schema needs at least one 2xx and one 4xx response`);
}
