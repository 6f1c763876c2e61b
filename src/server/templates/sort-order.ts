/** The body of updateTemplateSort (its shape is the schema's) as the order to store. */
import type { TemplateSortRequest } from '../../shared/api/templates.js';
import { orderValue } from '../../shared/templates/carry-forward-rules.js';
import { INT_COLUMN_MAX } from '../../shared/vouchers/rules.js';
import { refuse } from '../http/app-error.js';

/** Each { id, templateSort }; a non-numeric order becomes 0 (spec), one beyond an integer column is refused. */
export function readSortOrder(body: TemplateSortRequest): { id: string; templateSort: number }[] {
  return body.tempInfo.map(({ id, templateSort }) => {
    const sort = orderValue(templateSort);
    if (Math.abs(sort) > INT_COLUMN_MAX) refuse('BadRequest', `模板顺序必须在±${INT_COLUMN_MAX}之内`);
    return { id, templateSort: sort };
  });
}
