/**
 * The budget reports' reading (预算执行表, 支出预警): the year's categories and details with their
 * spent from readExecution (one reading of budget_spent, as the voucher control and the auxiliary
 * answers read it), shaped by the shared row builder; and the drill from a detail to the voucher
 * lines its spent is made of, chosen by the same rule (countsSubject), so they add up to it.
 */
import { countsSubject, subjectListOf } from '../../shared/budget/control.js';
import {
  executionRows,
  executionTotal,
  type ExecutionCategoryInput,
  type ExecutionDetailInput,
  type ExecutionFilter,
  type ExecutionRow,
} from '../../shared/budget/execution-rows.js';
import { BudgetMessages } from '../../shared/budget/messages.js';
import type { PlanState } from '../../shared/budget/plan-states.js';
import { refuse } from '../http/app-error.js';
import { voucherNoText } from '../funds/register.js';
import type { Q } from '../subjects/subject-repository.js';
import { isGovernmentSet, readExecution } from './execution.js';
import { readPlanState } from './plan-state.js';

export interface ExecutionReport {
  plan: PlanState;
  rows: ExecutionRow[];
  total: ReturnType<typeof executionTotal>;
}

async function readCategories(q: Q, ztId: number, year: number): Promise<ExecutionCategoryInput[]> {
  const rows = await q
    .selectFrom('budget_category')
    .select(['id', 'auxi_type', 'type_name', 'info_no', 'expend_class'])
    .where('zt_id', '=', ztId)
    .where('year', '=', year)
    .orderBy('sort')
    .orderBy('info_no')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    auxiType: r.auxi_type,
    name: r.type_name,
    infoNo: r.info_no,
    expendClass: r.expend_class,
  }));
}

/** Every detail of the year with its spent, as the row builder takes them. */
export async function readExecutionDetails(q: Q, ztId: number, year: number): Promise<ExecutionDetailInput[]> {
  return (await readExecution(q, ztId, year)).map(({ detail: d, spent }) => ({
    id: d.id,
    typeId: d.type_id,
    auxiType: d.auxi_type,
    typeNo: d.type_no,
    infoNo: d.info_no,
    name: d.project_name,
    expendClass: d.expend_class,
    opening: d.amount_before_adjustment,
    adjusted: d.project_amount,
    spent,
    control: d.control_status,
    warnPpm: d.warn_ppm,
  }));
}

export async function readExecutionReport(q: Q, ztId: number, year: number, filter: ExecutionFilter): Promise<ExecutionReport> {
  const [categories, details, plan] = await Promise.all([
    readCategories(q, ztId, year),
    readExecutionDetails(q, ztId, year),
    readPlanState(q, ztId, year),
  ]);
  const rows = executionRows(categories, details, filter);
  return { plan, rows, total: executionTotal(rows) };
}

export interface BudgetLineEntry {
  voucherId: string;
  voucherNo: string;
  month: number;
  pzDate: string;
  lineNo: number;
  summary: string;
  subjectCode: string;
  subjectName: string;
  /** Debit less credit, fen. */
  amount: number;
}

export interface BudgetLines {
  detail: { id: string; type_no: string; info_no: string; project_name: string; project_amount: number; subject_codes: string };
  spent: number;
  lines: BudgetLineEntry[];
}

/** A detail's voucher lines of the year (its spent, line by line); a detail of another set or year: 4015. */
export async function readBudgetLines(q: Q, ztId: number, year: number, budgetId: string): Promise<BudgetLines> {
  const row = await q
    .selectFrom('budget_project')
    .select(['id', 'type_no', 'info_no', 'project_name', 'project_amount', 'subject_codes'])
    .where('zt_id', '=', ztId)
    .where('year', '=', year)
    .where('id', '=', budgetId)
    .executeTakeFirst();
  if (!row) refuse('NotFound', BudgetMessages.reportDetailNotFound);
  const detail = { ...row, project_amount: Number(row.project_amount) };
  const government = await isGovernmentSet(q, ztId);
  const subjects = subjectListOf(detail.subject_codes);
  const rows = await q
    .selectFrom('voucher_line_auxi as a')
    .innerJoin('voucher_line as l', (j) =>
      j.onRef('l.zt_id', '=', 'a.zt_id').onRef('l.voucher_id', '=', 'a.voucher_id').onRef('l.line_no', '=', 'a.line_no'),
    )
    .innerJoin('voucher as v', (j) => j.onRef('v.zt_id', '=', 'l.zt_id').onRef('v.id', '=', 'l.voucher_id'))
    .leftJoin('certificate_type as t', (j) => j.onRef('t.zt_id', '=', 'v.zt_id').onRef('t.value', '=', 'v.certificate_type'))
    .leftJoin('subject as s', (j) =>
      j.onRef('s.zt_id', '=', 'l.zt_id').onRef('s.year', '=', 'l.year').onRef('s.code', '=', 'l.subject_code'),
    )
    .select([
      'v.id as voucher_id',
      'v.pz_no',
      'v.pz_date',
      't.entry',
      'l.month',
      'l.line_no',
      'l.summary',
      'l.subject_code',
      's.name as subject_name',
      'l.debit_amount',
      'l.credit_amount',
    ])
    .where('a.zt_id', '=', ztId)
    .where('a.type_no', '=', detail.type_no)
    .where('a.info_no', '=', detail.info_no)
    .where('l.year', '=', year)
    .where('v.carry_over', '=', 0)
    .orderBy('l.month')
    .orderBy('v.certificate_type')
    .orderBy('v.pz_no')
    .orderBy('l.line_no')
    .execute();
  const lines = rows
    .filter((r) => countsSubject(r.subject_code, subjects, government))
    .map((r): BudgetLineEntry => ({
      voucherId: r.voucher_id,
      voucherNo: voucherNoText(r.entry ?? '记', Number(r.pz_no)),
      month: Number(r.month),
      pzDate: r.pz_date,
      lineNo: Number(r.line_no),
      summary: r.summary,
      subjectCode: r.subject_code,
      subjectName: r.subject_name ?? '',
      amount: Number(r.debit_amount) - Number(r.credit_amount),
    }))
    .filter((l) => l.amount !== 0);
  return { detail, spent: lines.reduce((sum, l) => sum + l.amount, 0), lines };
}
