/**
 * Standard subjects a ledger set may take into its chart (spec choiceStand / cjSubjct; our
 * reading of the two calls). The 2021 union system lets a 基层工会 use any 县级以上 subject when it
 * needs one (templates/reference/union-accounting.md §1: 基层工会可以根据实际需要按照县级以上工会的会计科目进行账务处理), so a
 * grassroots set is offered the county chart's subjects it does not have; other systems are
 * offered their own chart's missing subjects (none, as standard subjects cannot be deleted).
 * Taken subjects are standard, with zero openings; missing parents come along.
 */
import type { StandSubject } from '../../shared/api/subjects.js';
import type { ChartTemplate, SubjectTemplate } from '../../shared/chart.js';
import { SubjectMessages } from '../../shared/subjects/subject-code.js';
import { chartForSystem, unionCounty2021 } from '../../../templates/charts/index.js';
import type { Db } from '../db/database.js';
import { refuse } from '../http/app-error.js';
import { demoteToParent } from '../auxiliary/subject-types.js';
import { hasOpeningData, listSubjects, type Scope } from './subject-repository.js';

function sourceChart(scope: Scope): ChartTemplate {
  return scope.system === 'union-grassroots' ? unionCounty2021 : chartForSystem(scope.system);
}

/** A chart template's subject as the standard-subject calls answer it. */
export function toStand(s: SubjectTemplate): StandSubject {
  return {
    code: s.code,
    codeName: s.name,
    type: s.type,
    level: s.level,
    parentCode: s.parentCode,
    balanceDirection: s.balanceDirection,
    isGovernment: s.isBudget,
  };
}

export async function standChoices(db: Db, scope: Scope): Promise<StandSubject[]> {
  const have = new Set((await listSubjects(db.kysely, scope)).map((s) => s.code));
  return sourceChart(scope)
    .subjects.filter((s) => !have.has(s.code))
    .map(toStand);
}

/** Adds the chosen standard subjects (and their missing parents); answers the codes added. */
export async function takeStandSubjects(db: Db, scope: Scope, codes: readonly string[]): Promise<string[]> {
  if (codes.length === 0) refuse('ValidationFailed', SubjectMessages.chooseSubject, [{ message: SubjectMessages.chooseSubject }]);
  const chart = sourceChart(scope);
  const byCode = new Map(chart.subjects.map((s) => [s.code, s]));
  return db.kysely.transaction().execute(async (trx) => {
    const existing = new Map((await listSubjects(trx, scope)).map((s) => [s.code, s]));
    const wanted = new Set<string>();
    for (const code of codes) {
      for (let s = byCode.get(code); s && !existing.has(s.code); s = s.parentCode ? byCode.get(s.parentCode) : undefined) {
        wanted.add(s.code);
      }
      if (!byCode.has(code))
        refuse('ValidationFailed', `科目${code}不是可选的标准科目`, [{ message: `科目${code}不是可选的标准科目` }]);
    }
    const added = chart.subjects.filter((s) => wanted.has(s.code));
    for (const s of added) {
      const parent = s.parentCode ? existing.get(s.parentCode) : undefined;
      if (parent?.last_level) {
        if (await hasOpeningData(trx, scope, parent)) refuse('BusinessRule', SubjectMessages.parentHasBalance);
        await demoteToParent(trx, scope, parent.code);
      }
    }
    if (added.length > 0) {
      await trx
        .insertInto('subject')
        .values(
          added.map((s) => ({
            zt_id: scope.ztId,
            year: scope.year,
            code: s.code,
            name: s.name,
            parent_code: s.parentCode,
            level: s.level,
            type: s.type,
            balance_direction: s.balanceDirection,
            is_budget: s.isBudget ? 1 : 0,
            // A taken subject is last-level unless one of its children comes along.
            last_level: added.some((c) => c.parentCode === s.code) ? 0 : 1,
            is_standard: 1,
            init_amount: 0,
          })),
        )
        .execute();
    }
    return added.map((s) => s.code);
  });
}
