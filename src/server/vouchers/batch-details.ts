/**
 * A batch's `details` may come as the list or, as the spec's client sends it (always so in the
 * query of a delete), as the list's JSON text. The route reads the text into the list before its
 * schema is checked, so one schema (src/shared/api/schemas/vouchers.ts) checks both forms with
 * the same rules and messages. It runs after the guard, whose signature covers the text as sent.
 */
import type { FastifyRequest } from 'fastify';
import { refuse } from '../http/app-error.js';

export function detailsFromText(part: 'body' | 'query') {
  return (request: FastifyRequest): Promise<void> => {
    const holder = request[part] as Record<string, unknown> | null | undefined;
    const details = holder?.details;
    if (holder && typeof details === 'string') {
      try {
        holder.details = JSON.parse(details) as unknown;
      } catch {
        refuse('BadRequest', '参数details不是有效的JSON');
      }
    }
    return Promise.resolve();
  };
}

/** The list, after detailsFromText: text that was no list was refused by the schema. */
export function detailsList<T>(details: readonly T[] | string): readonly T[] {
  if (typeof details === 'string') refuse('BadRequest', '参数details须为列表');
  return details;
}
