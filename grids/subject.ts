/**
 * The chart-of-accounts grid (subject page): a tree by code and parentCode. Adding a subject
 * goes through the add-subject dialog and its rules (src/shared/subjects/subject-code.ts), not
 * through new grid rows; in the grid a user renames non-standard subjects, sets their balance
 * direction, and enables or disables subjects. Type, last level and budget accounting follow from
 * the chart and the code (spec: prefixes 1-5 financial, 6-8 budget), so they are read-only.
 * Each cell edit is saved at once (src/client/subjects/SubjectPage.tsx), so the grid has no
 * undo or save of its own; Alt+Right / Alt+Left expand and collapse parents.
 */
import { SUBJECT_TYPE_NAMES, type SubjectType } from '../src/shared/chart.js';
import type { BalanceDirection } from '../src/shared/constants.js';
import type { GridDefinition, GridRow, GridValidator } from '../src/shared/grid/definition.js';
import { SUBJECT_NAME_MAX, SubjectMessages } from '../src/shared/subjects/subject-code.js';

export interface SubjectGridRow extends GridRow {
  /** The code (subjects are keyed by code within a ledger set's year). */
  readonly rowId: string;
  code: string;
  codeName: string;
  parentCode: string | null;
  type: SubjectType;
  balanceDirection: BalanceDirection;
  lastLevel: boolean;
  isGovernment: boolean;
  enable: boolean;
  /** A subject of the regulation's chart: its name and direction are fixed. */
  isStandard: boolean;
  /** Names of the subject's auxiliary types, joined with '、' (shown, not edited here). */
  auxiTypes?: string;
}

export const SUBJECT_TYPE_OPTIONS = Object.entries(SUBJECT_TYPE_NAMES).map(([value, label]) => ({ value: Number(value), label }));

const notStandard = (row: SubjectGridRow) => !row.isStandard;

const uniqueCodes: GridValidator<SubjectGridRow> = (rows) => {
  const seen = new Set<string>();
  return rows.flatMap((r) => {
    if (!seen.has(r.code)) {
      seen.add(r.code);
      return [];
    }
    return [{ message: SubjectMessages.duplicate(r.code), rowId: r.rowId, fieldId: 'code' }];
  });
};

/** A child's code extends its parent's, and its parent is in the chart. */
const parentsPresent: GridValidator<SubjectGridRow> = (rows) => {
  const codes = new Set(rows.map((r) => r.code));
  return rows.flatMap((r) => {
    if (r.parentCode === null) return [];
    if (!codes.has(r.parentCode))
      return [{ message: SubjectMessages.parentMissing(r.parentCode), rowId: r.rowId, fieldId: 'code' }];
    if (!r.code.startsWith(r.parentCode) || r.code === r.parentCode) {
      return [{ message: SubjectMessages.prefix(r.parentCode), rowId: r.rowId, fieldId: 'code' }];
    }
    return [];
  });
};

export const subjectGrid = Object.freeze({
  id: 'subject',
  title: '会计科目',
  fields: [
    {
      id: 'code',
      header: '科目编码',
      kind: 'subject',
      required: true,
      editable: false,
      width: 130,
      validate: (v) => (typeof v === 'string' && /^0+$/.test(v) ? SubjectMessages.codeZero : null),
    },
    {
      id: 'codeName',
      header: '科目名称',
      kind: 'text',
      required: true,
      editable: notStandard,
      width: 260,
      validate: (v) =>
        typeof v === 'string' && v.length > SUBJECT_NAME_MAX ? SubjectMessages.nameTooLong(SUBJECT_NAME_MAX) : null,
    },
    {
      id: 'type',
      header: '科目类型',
      kind: 'select',
      options: SUBJECT_TYPE_OPTIONS,
      required: true,
      editable: false,
      width: 100,
    },
    { id: 'balanceDirection', header: '余额方向', kind: 'direction', required: true, editable: notStandard, width: 80 },
    { id: 'lastLevel', header: '末级', kind: 'check', editable: false, width: 60 },
    { id: 'isGovernment', header: '预算会计', kind: 'check', editable: false, width: 80 },
    { id: 'enable', header: '启用', kind: 'check', editable: true, width: 60 },
    { id: 'auxiTypes', header: '辅助核算', kind: 'text', editable: false, width: 160 },
  ],
  tree: { key: 'code', parentKey: 'parentCode' },
  gridValidators: [uniqueCodes, parentsPresent],
  commands: ['copy', 'editCell', 'cancelEdit', 'expandRow', 'collapseRow', 'exportExcel', 'showHelp'],
  allowAddRows: false,
  allowDeleteRows: false,
  export: { sheetName: '会计科目', title: '会计科目表', totalsAsFormulas: false },
} satisfies GridDefinition<SubjectGridRow>);
