import { describe, expect, it } from 'vitest';
import type { BudgetCategoryNode } from '../../shared/api/schemas/budget-setup.js';
import { detailsOf, treeRows } from './budget-tree.js';

const category = (typeId: string, auxiType: string, infoNo: string, details: string[] = []): BudgetCategoryNode => ({
  typeId,
  typeName: `类别${typeId}`,
  auxiType,
  expendBudgetClassification: null,
  typeNo: 'XMYS',
  infoNo,
  details: details.map((name, i) => ({
    budgetId: `${typeId}-${i}`,
    typeId,
    auxiType,
    typeNo: 'XMYS',
    infoNo: `${infoNo}00${i + 1}`,
    projectName: name,
    expendBudgetClassification: null,
    amountBeforeAdjustment: 1,
    projectAmount: 1,
    subjectCodeArray: '',
    subjects: [],
    budgetExecutionStatus: 0,
    indicatorCount: 0,
  })),
});

describe('budget setup tree', () => {
  it('puts the categories under their class, 人员经费 and 公用经费 under 基本支出', () => {
    const rows = treeRows('expenditure', [
      category('a', 'RYJF', '001001001'),
      category('b', 'XMZC', '001'),
      category('c', 'XMYS', '001'),
    ]);
    expect(rows.map((r) => [r.kind, r.label, r.depth])).toEqual([
      ['root', '001 基本支出', 0],
      ['root', '00101 人员经费', 1],
      ['category', '001001001 类别a', 2],
      ['root', '00102 公用经费', 1],
      ['root', '002 项目支出', 0],
      ['category', '001 类别b', 1],
    ]);
  });

  it('shows a category’s details, or all of a root’s categories', () => {
    const categories = [
      category('a', 'XMYS', '001', ['运动会']),
      category('b', 'XMYS', '002', ['读书月', '征文']),
      category('c', 'XMZC', '001', ['竞赛']),
    ];
    const rows = treeRows('project', categories);
    expect(detailsOf(rows[0], categories).map((d) => d.projectName)).toEqual(['运动会', '读书月', '征文']);
    expect(detailsOf(rows[2], categories).map((d) => d.projectName)).toEqual(['读书月', '征文']);
    expect(detailsOf(rows[3], categories).map((d) => d.projectName)).toEqual(['竞赛']);
    expect(detailsOf(undefined, categories)).toEqual([]);
  });
});
