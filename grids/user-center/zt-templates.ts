/** The ledger-set templates of 账套注册: name, system, source set and what each carries; read-only. */
import type { ZtTemplate } from '../../src/shared/api/schemas/zt-register.js';
import type { GridDefinition, GridRow } from '../../src/shared/grid/definition.js';

export interface ZtTemplateRow extends GridRow {
  readonly rowId: string;
  name: string;
  system: string;
  source: string;
  subjects: number;
  auxiliary: number;
  voucherTemplates: number;
  carryForwardTemplates: number;
  memo: string;
  createdBy: string;
}

const SYSTEMS: Record<string, string> = {
  'union-grassroots': '基层工会',
  'union-county': '县级以上工会',
  government: '政府会计',
};

export function toZtTemplateRow(t: ZtTemplate): ZtTemplateRow {
  return {
    rowId: String(t.id),
    name: t.name,
    system: SYSTEMS[t.accountingSystem] ?? t.accountingSystem,
    source: `${t.sourceCode} ${t.sourceName}（${t.sourceYear}年）`,
    subjects: t.counts.subjects,
    auxiliary: t.counts.auxiTypes + t.counts.auxiInfos,
    voucherTemplates: t.counts.voucherTemplates,
    carryForwardTemplates: t.counts.carryForwardTemplates,
    memo: t.memo,
    createdBy: t.createdBy,
  };
}

export const ztTemplatesGrid = Object.freeze({
  id: 'zt-templates',
  title: '账套模板',
  fields: [
    { id: 'name', header: '模板名称', kind: 'text', editable: false, width: 140 },
    { id: 'system', header: '会计制度', kind: 'text', editable: false, width: 100 },
    { id: 'source', header: '取自账套', kind: 'text', editable: false, width: 220 },
    { id: 'subjects', header: '扩展科目', kind: 'integer', editable: false, width: 80 },
    { id: 'auxiliary', header: '辅助核算', kind: 'integer', editable: false, width: 80 },
    { id: 'voucherTemplates', header: '凭证模板', kind: 'integer', editable: false, width: 80 },
    { id: 'carryForwardTemplates', header: '结转模板', kind: 'integer', editable: false, width: 80 },
    { id: 'memo', header: '说明', kind: 'text', editable: false, width: 160 },
    { id: 'createdBy', header: '保存人', kind: 'text', editable: false, width: 80 },
  ],
  commands: ['copy', 'showHelp'],
  allowAddRows: false,
  allowDeleteRows: false,
  export: { sheetName: '账套模板', title: '账套模板', totalsAsFormulas: false },
} satisfies GridDefinition<ZtTemplateRow>);
