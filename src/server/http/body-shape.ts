/** Reading the shape of a JSON body: a list field must hold objects, or the request is malformed (400, 4000). */
import { refuse } from './app-error.js';

/** The items of a list field, each a JSON object; refuses a list that holds null, a number, a string or a list. */
export function objectItems<T extends object>(value: unknown, field: string): Partial<T>[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) refuse('BadRequest', `参数${field}必须是数组`);
  for (const item of value) {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) refuse('BadRequest', `参数${field}的每一项必须是对象`);
  }
  return value as Partial<T>[];
}
