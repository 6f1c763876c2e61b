import { Ajv } from 'ajv';
import { describe, expect, it, vi } from 'vitest';
import { lazySerializer, lazyValidator } from './lazy-compile.js';

const ajv = new Ajv({ allErrors: false });

describe('schemas compiled on first use, once per process', () => {
  it('compiles nothing until the first call, then validates and tells the errors as Ajv does', () => {
    const schema = { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] };
    const compile = vi.fn(() => ajv.compile(schema));
    const validate = lazyValidator('unit-a', schema, compile);
    expect(compile).not.toHaveBeenCalled();
    expect(validate({ n: 1 })).toBe(true);
    expect(validate.errors).toBeNull();
    expect(validate({ n: 'x' })).toBe(false);
    expect(validate.errors?.[0]).toMatchObject({ instancePath: '/n', keyword: 'type' });
    expect(validate({ n: 2 })).toBe(true);
    expect(validate.errors).toBeNull();
    expect(compile).toHaveBeenCalledTimes(1);
  });

  it('a second server registering the same schema shares the compiled function', () => {
    const first = vi.fn(() => ajv.compile({ type: 'string', minLength: 2 }));
    const second = vi.fn(() => ajv.compile({ type: 'string', minLength: 2 }));
    lazyValidator('unit-b', { type: 'string', minLength: 2 }, first)('ab');
    const again = lazyValidator('unit-b', { type: 'string', minLength: 2 }, second);
    expect(again('a')).toBe(false);
    expect(second).not.toHaveBeenCalled();
    // The part's kind is in the key: a body and a query coerce differently.
    const query = vi.fn(() => ajv.compile({ type: 'string', minLength: 2 }));
    lazyValidator('unit-c', { type: 'string', minLength: 2 }, query)('ab');
    expect(query).toHaveBeenCalledTimes(1);
  });

  it('passes the parent on, so a coerced root value reaches the request', () => {
    const coercing = new Ajv({ coerceTypes: 'array' });
    const validate = lazyValidator('unit-d', { type: 'array', items: { type: 'integer' } }, () =>
      coercing.compile({ type: 'array', items: { type: 'integer' } }),
    );
    expect(validate.schemaEnv).toBeTruthy();
    const request: Record<string, unknown> = { ids: '7' };
    expect(validate(request.ids, { parentData: request, parentDataProperty: 'ids' })).toBe(true);
    expect(request.ids).toEqual([7]);
  });

  it('serializes with the declared answer only', () => {
    const serialize = lazySerializer({ schema: { type: 'object', properties: { a: { type: 'integer' } } } });
    expect(serialize({ a: 1, secret: 'x' })).toBe('{"a":1}');
  });
});
