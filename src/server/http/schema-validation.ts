/**
 * How Fastify validates a call against its declared schema, and what a refused call is told.
 * The two keywords of our schemas (src/shared/api/schemas/common.ts): `x-yuan` checks an amount
 * with the converter the server then uses (so what passes the schema converts, and more than two
 * decimals is refused, never rounded), and `x-message` carries the Chinese rule of a field. A
 * refusal names the field and the rule in Chinese (HTTP 400, errorCode 4000), never a 500.
 *
 * A query string and path parameters are text, so they are coerced to their declared types
 * ('2026' to 2026); a JSON body already has types and is taken as sent: a body's `true` is not
 * month 1, nor `[3]` month 3, nor null `false`. A POST without a body is an empty one.
 */
import { Ajv, type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { lazySerializer, lazyValidator } from './lazy-compile.js';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { yuanToFen } from '../../shared/vouchers/amounts.js';

type YuanValidate = ((schema: boolean, data: unknown) => boolean) & { errors?: Partial<ErrorObject>[] };

const validateYuan: YuanValidate = (schema, data) => {
  if (!schema) return true;
  const result = typeof data === 'number' || typeof data === 'string' ? yuanToFen(data) : null;
  if (result?.ok) return true;
  validateYuan.errors = [{ keyword: 'x-yuan', message: result?.message ?? '金额须为数字', params: {} }];
  return false;
};

type FiniteValidate = ((schema: boolean, data: unknown, parentSchema?: { 'x-message'?: unknown }) => boolean) & {
  errors?: Partial<ErrorObject>[];
};

const validateFinite: FiniteValidate = (schema, data, parentSchema) => {
  if (!schema || typeof data !== 'number' || Number.isFinite(data)) return true;
  const own = parentSchema?.['x-message'];
  validateFinite.errors = [{ keyword: 'x-finite', message: typeof own === 'string' ? own : '须为有限的数字', params: {} }];
  return false;
};

/** Keys whose values are data, not schemas: left as they are. */
const DATA_KEYS = new Set(['enum', 'const', 'default', 'examples', 'description']);

/**
 * The schema with `x-finite` on every number and integer. Ajv coerces the text 'Infinity' to a
 * number and then skips its limits for a value that is not finite (and JSON's 1e400 is Infinity
 * too), so an id of 'Infinity' would pass `maximum` and reach the database.
 */
function withFiniteNumbers(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withFiniteNumbers);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) out[key] = DATA_KEYS.has(key) ? value : withFiniteNumbers(value);
  const type = (schema as { type?: unknown }).type;
  const types = Array.isArray(type) ? type : [type];
  if (types.includes('number') || types.includes('integer')) out['x-finite'] = true;
  return out;
}

function addKeywords(ajv: Ajv): Ajv {
  ajv.addKeyword({ keyword: 'x-finite', schemaType: 'boolean', errors: true, validate: validateFinite });
  ajv.addKeyword({ keyword: 'x-yuan', schemaType: 'boolean', errors: true, validate: validateYuan });
  ajv.addKeyword({ keyword: 'x-message', schemaType: 'string' });
  return ajv;
}

/** Fastify's own defaults (@fastify/ajv-compiler), and verbose: an error carries its schema, so the field's x-message can be told. */
const BASE_OPTIONS: Options = {
  useDefaults: true,
  removeAdditional: true,
  addUsedSchema: false,
  allErrors: false,
  verbose: true,
};

function validatorOf(coerceTypes: Options['coerceTypes']): Ajv {
  const ajv = new Ajv({ ...BASE_OPTIONS, coerceTypes });
  addFormats(ajv);
  return addKeywords(ajv);
}

const text = validatorOf('array');
const json = validatorOf(false);

/** A part's validator, compiled now: query, params and headers arrive as text and are coerced; a JSON body is not. */
export function compileValidator(httpPart: string | undefined, schema: unknown): ValidateFunction {
  return (httpPart === 'body' ? json : text).compile(withFiniteNumbers(schema) as object);
}

/** Validates each part of a call against its declared schema, with the rules above; both compile on first use. */
export function installValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema, httpPart }) =>
    lazyValidator(httpPart === 'body' ? 'json' : 'text', schema, () => compileValidator(httpPart, schema)),
  );
  app.setSerializerCompiler(lazySerializer);
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.body === undefined && request.routeOptions.schema?.body && request.method !== 'GET') request.body = {};
    done();
  });
}

const TYPE_NAMES: Record<string, string> = {
  integer: '整数',
  number: '数字',
  string: '文本',
  boolean: 'true或false',
  array: '列表',
  object: '对象',
  null: '空',
};

/** `/certiDetails/0/debitAmount` as certiDetails[0].debitAmount. */
function fieldOf(instancePath: string, extra?: string): string {
  const parts = instancePath.split('/').filter(Boolean);
  if (extra) parts.push(extra);
  return parts.map((p, i) => (/^\d+$/.test(p) ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

function typeNames(type: unknown): string {
  const list = Array.isArray(type) ? type : [type];
  return list.map((t) => TYPE_NAMES[String(t)] ?? String(t)).join('或');
}

function allowedValues(schema: unknown): string | null {
  const branches = (schema as { anyOf?: { const?: unknown }[] } | null)?.anyOf;
  if (!branches?.every((b) => 'const' in b)) return null;
  return branches.map((b) => JSON.stringify(b.const)).join('、');
}

/** The rule a value broke, in Chinese. */
function ruleOf(error: ErrorObject): string {
  const own = (error.parentSchema as { 'x-message'?: unknown } | undefined)?.['x-message'];
  if (error.keyword === 'x-yuan') return error.message ?? '金额格式不正确';
  if (error.keyword === 'x-finite') return error.message ?? '须为有限的数字';
  if (typeof own === 'string') return own;
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'type':
      return `须为${typeNames(p.type)}`;
    case 'minimum':
      return `不能小于${String(p.limit)}`;
    case 'maximum':
      return `不能大于${String(p.limit)}`;
    case 'exclusiveMinimum':
      return `须大于${String(p.limit)}`;
    case 'exclusiveMaximum':
      return `须小于${String(p.limit)}`;
    case 'minLength':
      return `不能少于${String(p.limit)}个字符`;
    case 'maxLength':
      return `不能超过${String(p.limit)}个字符`;
    case 'minItems':
      return `至少要有${String(p.limit)}项`;
    case 'maxItems':
      return `最多${String(p.limit)}项`;
    case 'pattern':
    case 'format':
      return '格式不正确';
    case 'const':
      return `须为${JSON.stringify(p.allowedValue)}`;
    case 'enum':
      return `须为${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join('、')}之一`;
    case 'anyOf': {
      const allowed = allowedValues(error.parentSchema);
      return allowed ? `须为${allowed}之一` : '格式不正确';
    }
    case 'additionalProperties':
      return '不是可接受的参数';
    default:
      return '不符合要求';
  }
}

/** The message of a refused call: where (the field, or the part of the request) and the rule. */
export function schemaErrorMessage(errors: readonly ErrorObject[], dataVar: string): string {
  // A union reports each branch's failure before its own: the amount's rule, or the values a union
  // of literals allows, say more than its first branch's.
  const error =
    errors.find((e) => e.keyword === 'x-yuan') ??
    errors.find((e) => e.keyword === 'anyOf' && allowedValues(e.parentSchema) !== null) ??
    errors[0];
  if (!error) return `${dataVar}不符合要求`;
  if (error.keyword === 'required') {
    return `缺少参数${fieldOf(error.instancePath, String((error.params as { missingProperty?: unknown }).missingProperty))}`;
  }
  const field = fieldOf(error.instancePath) || (error.keyword === 'additionalProperties' ? '' : dataVar);
  if (error.keyword === 'additionalProperties') {
    const name = fieldOf(error.instancePath, String((error.params as { additionalProperty?: unknown }).additionalProperty));
    return `参数${name}${ruleOf(error)}`;
  }
  return `参数${field}：${ruleOf(error)}`;
}

export const schemaErrorFormatter: FastifyServerOptions['schemaErrorFormatter'] = (errors, dataVar) =>
  new Error(schemaErrorMessage(errors, dataVar));
