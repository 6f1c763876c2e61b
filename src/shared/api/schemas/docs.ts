/** Schemas of the API documentation's own calls: the cookie that opens it in a browser, the document itself. */
import { Type, type Static } from 'typebox';
import { Envelope, FileAnswer, NoParams } from './common.js';

export const ApiDocsSessionSchema = Type.Object({
  url: Type.String({ description: 'where the documentation opens (/api/docs)' }),
  expiresAt: Type.Integer({ description: 'when the cookie stops opening it, epoch milliseconds' }),
});
export type ApiDocsSession = Static<typeof ApiDocsSessionSchema>;

/** The OpenAPI document: an object of its own kind, not the envelope. */
const OpenApiDocument = Type.Object(
  {
    openapi: Type.String({ description: 'the OpenAPI version, 3.1.x' }),
    info: Type.Object({}, { additionalProperties: true }),
    paths: Type.Object({}, { additionalProperties: true }),
  },
  { additionalProperties: true, description: 'the OpenAPI 3.1 document of every call' },
);

export const ApiDocsSchemas = {
  session: {
    summary: 'Open the documentation in a browser tab',
    description:
      'A browser cannot add the signing headers to a page it opens, so a signed administrator asks for a cookie first: ' +
      'HttpOnly, SameSite=Strict, Path=/api/docs, good for a few minutes and only while this session lives and its user ' +
      'is an administrator. Then open /api/docs in a new tab.',
    body: NoParams,
    response: { 200: Envelope(ApiDocsSessionSchema) },
  },
  json: {
    summary: 'This document, as JSON',
    description: 'A signed call of an administrator, or the documentation page with its cookie.',
    querystring: NoParams,
    response: {
      200: { description: 'the OpenAPI 3.1 document', content: { 'application/json': { schema: OpenApiDocument } } },
    },
  },
  yaml: {
    summary: 'This document, as YAML',
    description: 'As /api/docs/json, written as YAML.',
    querystring: NoParams,
    response: { 200: FileAnswer('application/x-yaml', 'the OpenAPI 3.1 document as YAML') },
  },
} as const;
