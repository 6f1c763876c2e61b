/**
 * The JSON body parser: Fastify's own (which refuses `__proto__` and `constructor.prototype`
 * keys), after a scan that refuses a body nested deeper than MAX_JSON_DEPTH. JSON.parse takes a
 * body nested 20,000 arrays deep, but every recursive walk of it afterwards (the signature's
 * JSON.stringify, a handler's checks) overflows the stack; refused here, before any hook, the
 * signature check or a handler sees it, it answers 400 with 4000 like any malformed request.
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.js';

/** Deepest nesting of arrays and objects a request body may have; the product's own go to 4. */
export const MAX_JSON_DEPTH = 64;

const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** True when the JSON text nests arrays and objects deeper than `limit` (brackets inside strings do not count). */
export function jsonNestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > limit) return true;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) depth--;
  }
  return false;
}

export const JsonBodyMessages = {
  tooDeep: `请求内容嵌套超过${MAX_JSON_DEPTH}层`,
} as const;

/** Replaces the application/json parser of the app (and so of every plugin registered after). */
export function installJsonBody(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(new AppError('BadRequest', JsonBodyMessages.tooDeep), undefined);
      return;
    }
    void parse(request, text, done);
  });
}
