import type { FastifyInstance } from 'fastify';
import fastifySwagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { errorCodes } from '@civicwatch/core';
import { errorStatus, errorStatusMeaning, type ErrorStatus } from '../http/error-status.ts';
import { SESSION_COOKIE } from './sessions.ts';

/** Where the API reference is served: the page, and its document at `/json` and `/yaml`. */
export const API_DOCS_PATH = '/api/docs';

const SESSION_SCHEME = 'session';

/** The `security` of an operation behind `requireUser` or `requireAdmin`: it needs the session cookie. */
export const needsSession = [{ [SESSION_SCHEME]: [] }];

type Json = Record<string, unknown>;
const JSON_MEDIA_TYPE = 'application/json';
const SCHEMA_REF = '#/components/schemas/';

/** What an error status means; undefined for a success status, which its route describes. */
const meaningOf = (status: string): string | undefined => errorStatusMeaning[Number(status) as ErrorStatus];

/**
 * One declared answer as @fastify/swagger writes it: the route's description (`.describe()` on the schema), else
 * the meaning of an error status; the schema under its media type, a bare `$ref` where zod wrapped a described
 * component in `allOf`. A 204 has no body. An answer left without a description shows as "Default Response",
 * which the document's test refuses.
 */
function describeAnswer(status: string, answer: Json): Json {
  if ('content' in answer) return answer;
  const { description = meaningOf(status), ...schema } = answer;
  // @fastify/swagger writes no content for a schema of type null.
  if (status === '204') return { description, type: 'null' };
  const only = Object.keys(schema).length === 1 && Array.isArray(schema.allOf) && schema.allOf.length === 1 ? (schema.allOf[0] as Json) : schema;
  return { description, content: { [JSON_MEDIA_TYPE]: { schema: only } } };
}

/** Each route's zod schemas as JSON Schema (the library's transform), with its answers described. */
export const documentRoute: SwaggerTransform = (input) => {
  const { schema, url } = jsonSchemaTransform(input);
  const response = schema.response as Record<string, Json> | undefined;
  if (!response) return { schema, url };
  return { schema: { ...schema, response: Object.fromEntries(Object.entries(response).map(([status, answer]) => [status, describeAnswer(status, answer)])) }, url };
};

/**
 * The document of a route that reads its multipart body from the stream itself (`readMultipartForm`): `form`
 * lists its parts, files as `z.file()`. It is never given to Fastify, which would validate the body against it;
 * the route parses the text fields with its contracts. Set as the route's `config.swaggerTransform`.
 */
export const multipartBody = (form: z.ZodType): SwaggerTransform => (input) =>
  documentRoute({ ...input, schema: { ...input.schema, body: form, consumes: ['multipart/form-data'] } });

/**
 * A form field the reference's *Try it out* leaves empty, rather than filling in a sample ("string", the first of
 * a list) that it would then send: the route reads a blank field as absent.
 */
export const leftBlank = <T extends z.ZodType>(field: T): T => field.meta({ example: '' });

/**
 * The library lists an input and an output form of every schema with an id; the document keeps those its
 * operations reach.
 */
const keepReachableSchemas = (document: Json): Json => {
  const components = (document.components ?? {}) as Json;
  const schemas = (components.schemas ?? {}) as Json;
  const reached = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith(SCHEMA_REF)) {
        const name = value.slice(SCHEMA_REF.length);
        if (!reached.has(name)) {
          reached.add(name);
          visit(schemas[name]);
        }
      } else {
        visit(value);
      }
    }
  };
  visit(document.paths);
  return {
    ...document,
    components: { ...components, schemas: Object.fromEntries(Object.entries(schemas).filter(([name]) => reached.has(name))) },
  };
};

/** The codes of business refusals, by status, from the one table (`errorStatus`). */
const codesByStatus = () => Object.keys(errorStatusMeaning).map((status) => {
  const codes = errorCodes.filter((code) => String(errorStatus[code]) === status);
  return `- **${status}**: ${codes.map((code) => `\`${code}\``).join(', ')}`;
}).join('\n');

const description = () => `The API the CivicWatch web app and the \`civicwatch\` command line use. [Back to CivicWatch](/)

**Signing in from this page.** Open \`POST /api/login\`, choose *Try it out* and send an e-mail address and password:
the answer sets the session cookie (\`${SESSION_COOKIE}\`), and every call from this page carries it from then on
(\`GET /api/user\` answers who is signed in). \`POST /api/logout\` ends the session. The cookie is HttpOnly: no page
script can read or set it, so *Authorize* cannot take it; operations marked with a lock need it.

**Calls that change something** (POST, PUT, PATCH, DELETE) are refused with 403 when a browser sends them from
another site; this page is on the API's own site, so its calls pass. Clients that are not browsers (curl, the
command line) send no \`Origin\` and pass too.

**Errors** are \`{ code, message }\` (ErrorBody): \`code\` is stable, for programs; \`message\` is for people.
The codes of refusals, by status:

${codesByStatus()}`;

const tags = [
  { name: 'public', description: 'Anyone may call these: tiers, server facts, health, shared analyses, unsubscribe links' },
  { name: 'auth', description: 'Accounts and the session cookie' },
  { name: 'account', description: 'The signed-in user\'s profile, settings, credentials and data' },
  { name: 'analysis', description: 'Analysing and comparing documents, and the history of analyses' },
  { name: 'promo', description: 'Promo codes' },
  { name: 'payments', description: 'Subscriptions through Stripe, and billing' },
  { name: 'admin', description: 'The administration panel\'s calls: an account with the admin role only' },
];

/**
 * The OpenAPI document of every route (built from the routes' zod schemas, components from the contracts' ids)
 * and the Swagger UI page at /api/docs. Register before the routes: @fastify/swagger collects them as they are
 * added. The page runs under the application's content security policy (helmet): Swagger UI's files are ours,
 * its inline styles are allowed there already, and its calls go to this origin.
 */
export async function registerApiDocs(app: FastifyInstance) {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'CivicWatch API', version: '1.0.0', description: description() },
      tags,
      components: {
        securitySchemes: {
          [SESSION_SCHEME]: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: 'The session cookie that POST /api/login and POST /api/register set. HttpOnly: sign in with POST /api/login and this page sends it.',
          },
        },
      },
    },
    transform: documentRoute,
    transformObject: (document) => keepReachableSchemas(jsonSchemaTransformObject(document) as Json) as ReturnType<SwaggerTransformObject>,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_PATH,
    theme: { title: 'CivicWatch API' },
    // BaseLayout: the reference alone, without Swagger UI's bar for loading other documents.
    uiConfig: { layout: 'BaseLayout', deepLinking: true, displayRequestDuration: true },
  });
}
