/** Reads the body of updateTemplateSort, refusing (400, 4000) what is not a list of { id, templateSort }. */
import type { TemplateSortRequest } from '../../shared/api/templates.js';
import { orderValue } from '../../shared/templates/carry-forward-rules.js';
import { INT_COLUMN_MAX } from '../../shared/vouchers/rules.js';
import { refuse } from '../http/app-error.js';

/** Longer than any id we write (a built-in's builtin:carry:<chart>:<key>, a generated one's 36). */
const TEMPLATE_ID_MAX = 200;

/** The body of updateTemplateSort: a list of { id, templateSort }; a non-numeric order becomes 0 (spec). */
export function readSortOrder(body: unknown): { id: string; templateSort: number }[] {
  const list = (body as Partial<TemplateSortRequest> | null)?.tempInfo ?? [];
  if (!Array.isArray(list)) refuse('BadRequest', '参数tempInfo必须是数组');
  return list.map((item: unknown) => {
    if (typeof item !== 'object' || item === null) refuse('BadRequest', '参数tempInfo的每一项必须是{ id, templateSort }');
    const { id, templateSort } = item as { id?: unknown; templateSort?: unknown };
    if ((typeof id !== 'string' && typeof id !== 'number') || String(id).length > TEMPLATE_ID_MAX)
      refuse('BadRequest', '参数tempInfo中的模板id无效');
    const sort = orderValue(templateSort);
    if (Math.abs(sort) > INT_COLUMN_MAX) refuse('BadRequest', `模板顺序必须在±${INT_COLUMN_MAX}之内`);
    return { id: String(id), templateSort: sort };
  });
}
