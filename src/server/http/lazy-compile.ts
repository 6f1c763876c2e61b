/**
 * Route schemas compile on their first call, and once per process. A server registers some 400
 * routes; compiling every validator and serializer at start took 1.6 s of each start (most of an
 * API test's server), although a test, like one office's day, calls a few of them. Servers started
 * in one process register the same schemas, so a schema's compiled function is shared by its text.
 * Every route's schemas compiling at all is checked by lazy-compile.api.test.ts.
 */
import type { DataValidationCxt, ValidateFunction } from 'ajv/dist/types/index.js';
import fastJsonStringify from 'fast-json-stringify';

type Validator = ((data: unknown, context?: object) => boolean) & { errors?: ValidateFunction['errors']; schemaEnv?: unknown };
type Serializer = (data: unknown) => string;

const validators = new Map<string, ValidateFunction>();
const serializers = new Map<string, Serializer>();

/** A validator compiled the first time it is called (keyed by `kind` and the schema's text). */
export function lazyValidator(kind: string, schema: unknown, compile: () => ValidateFunction): Validator {
  let compiled: ValidateFunction | undefined;
  const validate: Validator = (data, context) => {
    compiled ??= compiledOnce(validators, `${kind}\n${JSON.stringify(schema)}`, compile);
    const valid = compiled(data, context as DataValidationCxt | undefined);
    validate.errors = compiled.errors;
    return valid;
  };
  // Fastify passes the parent (the request) only to a function that looks like Ajv's, and Ajv needs
  // it to replace a coerced root value.
  validate.schemaEnv = true;
  validate.errors = null;
  return validate;
}

/** Fastify's own serializer (fast-json-stringify), built now. */
export function compileSerializer(schema: unknown): Serializer {
  return fastJsonStringify(schema as object) as Serializer;
}

/** Fastify's own serializer, built the first time an answer uses it. */
export function lazySerializer({ schema }: { schema: unknown }): Serializer {
  let compiled: Serializer | undefined;
  return (data) => {
    compiled ??= compiledOnce(serializers, JSON.stringify(schema), () => compileSerializer(schema));
    return compiled(data);
  };
}

function compiledOnce<T>(cache: Map<string, T>, key: string, compile: () => T): T {
  let found = cache.get(key);
  if (found === undefined) {
    found = compile();
    cache.set(key, found);
  }
  return found;
}
