/**
 * The old/new subject comparison (新旧科目对照) of a union set's level: the official mapping, one item per part,
 * with both charts' names. subjectExtensions answers it when asked with isReconciliation.
 */
import { findSubject, union2009, unionCounty2021 } from '../../../templates/charts/index.js';
import { transitionRows } from '../../../templates/transition/union-2009-to-2021.js';
import type { AccountComparison } from '../../shared/api/schemas/subjects.js';
import type { AccountingSystem } from '../../shared/api/auth.js';
import { levelOfSystem } from './context.js';

export function accountComparison(system: AccountingSystem, setName: (code: string) => string | undefined): AccountComparison[] {
  const level = levelOfSystem(system);
  if (!level) return [];
  return transitionRows(level).flatMap((row) =>
    row.parts.map((part) => ({
      no: row.no,
      oldCode: row.oldCode,
      oldName: row.oldCode === null ? '' : (findSubject(union2009, row.oldCode)?.name ?? ''),
      newCode: part.newCode,
      newName: setName(part.newCode) ?? findSubject(unionCounty2021, part.newCode)?.name ?? '',
      basis: part.basis,
      rule: row.rule,
    })),
  );
}
