/**
 * The check of the budget indicators (targetID) a voucher's lines name, run with the save's other
 * auxiliary checks before anything is written (4003 with the list). Costs nothing for a voucher
 * without a targetID and without an XMYS item on a two-table voucher's budget line.
 */
import type { ValidationIssue } from '../../shared/envelope.js';
import type { Q } from '../subjects/subject-repository.js';
import { indicatorIssue, readIndicators } from './voucher-indicators.js';

export interface TargetLine {
  rowId: string;
  /** A budget-side line of a two-table voucher. */
  budgetSide: boolean;
  auxis: readonly { typeNo: string; infoNo: string; targetId?: string | null }[];
}

export async function targetIssues(q: Q, ztId: number, year: number, lines: readonly TargetLine[]): Promise<ValidationIssue[]> {
  const asked = lines.flatMap((l) =>
    l.auxis
      // Only a two-table voucher's budget line asks for one; any other line is checked only when it names one.
      .filter((a) => a.infoNo !== '' && ((a.typeNo === 'XMYS' && l.budgetSide) || !!a.targetId))
      .map((a) => ({ line: l, typeNo: a.typeNo, infoNo: a.infoNo, targetId: a.targetId ?? null })),
  );
  if (asked.length === 0) return [];
  const infoNos = [...new Set(asked.map((a) => a.infoNo))];
  const projects = await q
    .selectFrom('budget_project')
    .select(['id', 'type_no', 'info_no'])
    .where('zt_id', '=', ztId)
    .where('year', '=', year)
    .where('type_no', 'in', [...new Set(asked.map((a) => a.typeNo))])
    .where('info_no', 'in', infoNos)
    .execute();
  const projectOf = new Map(projects.map((p) => [`${p.type_no}\u0000${p.info_no}`, p.id]));
  const ids = asked.map((a) => projectOf.get(`${a.typeNo}\u0000${a.infoNo}`)).filter((id): id is string => !!id);
  const indicators = await readIndicators(q, ztId, ids);
  const issues: ValidationIssue[] = [];
  for (const a of asked) {
    const message = indicatorIssue(
      {
        rowId: a.line.rowId,
        budgetSide: a.line.budgetSide,
        typeNo: a.typeNo,
        projectId: projectOf.get(`${a.typeNo}\u0000${a.infoNo}`) ?? null,
        targetId: a.targetId,
      },
      indicators,
    );
    if (message) issues.push({ message: `第${a.line.rowId}行${message}`, rowId: a.line.rowId, fieldId: 'auxis' });
  }
  return issues;
}
