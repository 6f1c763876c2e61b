/** The ledger set's common summaries (摘要库): read with a keyword, replaced as a whole list. */
import type { SummaryItem } from '../../shared/api/vouchers.js';
import type { ValidationIssue } from '../../shared/envelope.js';
import { VoucherMessages } from '../../shared/vouchers/messages.js';
import { summariesMatching } from '../../shared/vouchers/summary-search.js';
import type { Db } from '../db/database.js';
import { refuse } from '../http/app-error.js';
import type { Q } from '../subjects/subject-repository.js';

export const SUMMARY_MAX = 200;

export async function listSummaries(q: Q, ztId: number, keyword: string | undefined): Promise<SummaryItem[]> {
  const rows = await q.selectFrom('voucher_summary').select(['id', 'content']).where('zt_id', '=', ztId).orderBy('id').execute();
  return summariesMatching(rows, keyword);
}

/** Replaces the list; refuses (4003) an empty content or a duplicate, writing nothing. */
export async function saveSummaries(db: Db, ztId: number, contents: readonly string[]): Promise<SummaryItem[]> {
  const issues: ValidationIssue[] = [];
  const seen = new Set<string>();
  const list = contents.map((c, i) => {
    const text = c.trim();
    if (text === '') issues.push({ message: VoucherMessages.summaryEmpty, rowId: i + 1, fieldId: 'content' });
    else if (text.length > SUMMARY_MAX)
      issues.push({ message: `摘要不能超过${SUMMARY_MAX}个字符`, rowId: i + 1, fieldId: 'content' });
    else if (seen.has(text)) issues.push({ message: VoucherMessages.summaryDuplicate, rowId: i + 1, fieldId: 'content' });
    seen.add(text);
    return text;
  });
  if (issues.length > 0) refuse('ValidationFailed', issues[0]?.message, issues);
  await db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom('voucher_summary').where('zt_id', '=', ztId).execute();
    if (list.length > 0) {
      await trx
        .insertInto('voucher_summary')
        .values(list.map((content, i) => ({ zt_id: ztId, id: i + 1, content })))
        .execute();
    }
  });
  return list.map((content, i) => ({ id: i + 1, content }));
}
