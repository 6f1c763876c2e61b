import { describe, expect, it } from 'vitest';
import type { OpeningRow } from '../../shared/api/subjects.js';
import {
  addAuxiliaryRow,
  auxiliarySubject,
  changedCount,
  mergeRows,
  rowsOfType,
  saveRequest,
  toGridRows,
  type PageRow,
} from './opening-rows.js';

function opening(partial: Partial<OpeningRow> & Pick<OpeningRow, 'rowId' | 'code'>): OpeningRow {
  return {
    codeName: partial.code,
    codeAndFullName: partial.code,
    type: 1,
    level: partial.code.length > 3 ? 2 : 1,
    parentCode: null,
    lastLevel: true,
    balanceDirection: 1,
    isGovernment: false,
    isStandard: true,
    enable: true,
    initAmount: 0,
    cumuleDebitAmount: 0,
    cumuleCreditAmount: 0,
    yearInitAmount: 0,
    incloudAuxi: false,
    auxiTypeList: [],
    isAuxiliary: false,
    auxiKey: null,
    auxis: [],
    editable: true,
    ...partial,
  };
}

const source: OpeningRow[] = [
  opening({ rowId: '101', code: '101', initAmount: 500 }),
  opening({ rowId: '131', code: '131', lastLevel: false, editable: false }),
  opening({ rowId: '13101', code: '13101', parentCode: '131', incloudAuxi: true, editable: false }),
  opening({
    rowId: '13101#XMYS:001',
    code: '13101',
    parentCode: '13101',
    isAuxiliary: true,
    auxiKey: 'XMYS:001',
    auxis: [{ typeNo: 'XMYS', typeName: '项目', infoNo: '001', infoName: '工会活动' }],
    initAmount: 300,
  }),
  opening({ rowId: '211', code: '211', type: 2, balanceDirection: 2, initAmount: 800 }),
];

describe('opening rows', () => {
  const rows = toGridRows(source);

  it('splits rows by subject type and merges a tab back by row id', () => {
    expect(rowsOfType(rows, 2).map((r) => r.rowId)).toEqual(['211']);
    const edited = rowsOfType(rows, 2).map((r) => ({ ...r, initAmount: 900 }));
    const merged = mergeRows(rows, edited);
    expect(merged.map((r) => r.rowId)).toEqual(rows.map((r) => r.rowId));
    expect(merged.find((r) => r.rowId === '211')?.initAmount).toBe(900);
    expect(changedCount(merged, source)).toBe(1);
  });

  it('saves only rows whose amounts are entered, with auxiliary items, empty as 0', () => {
    const edited = rows.map((r) => (r.rowId === '101' ? { ...r, initAmount: null as unknown as number } : r));
    expect(saveRequest(edited, source, false)).toEqual({
      detailList: [
        { rowId: '101', code: '101', initAmount: 0 },
        { rowId: '13101#XMYS:001', code: '13101', initAmount: 300, auxis: [{ typeNo: 'XMYS', infoNo: '001' }] },
        { rowId: '211', code: '211', initAmount: 800 },
      ],
      confirmPrompt: false,
      autoUnderAllAcc: true,
    });
    expect(saveRequest(rows, source, true).detailList[0]).toEqual({
      rowId: '101',
      code: '101',
      initAmount: 500,
      cumuleDebitAmount: 0,
      cumuleCreditAmount: 0,
    });
  });

  it('finds the auxiliary subject of a focused row', () => {
    expect(auxiliarySubject(rows, '13101')?.rowId).toBe('13101');
    expect(auxiliarySubject(rows, '13101#XMYS:001')?.rowId).toBe('13101');
    expect(auxiliarySubject(rows, '101')).toBeNull();
    expect(auxiliarySubject(rows, null)).toBeNull();
  });

  it('adds an auxiliary row after the subject and its details, once per combination', () => {
    const subject = rows.find((r) => r.rowId === '13101') as PageRow;
    const added = addAuxiliaryRow(rows, subject, [{ typeNo: 'XMYS', infoNo: '002', infoName: '困难帮扶' }]);
    expect(added?.rowId).toBe('13101#XMYS:002');
    expect(added?.rows.map((r) => r.rowId)).toEqual(['101', '131', '13101', '13101#XMYS:001', '13101#XMYS:002', '211']);
    const row = added?.rows[4];
    expect(row).toMatchObject({ isAuxiliary: true, parentCode: '13101', codeName: '困难帮扶', initAmount: 0 });
    expect(saveRequest(added!.rows, source, false).detailList).toContainEqual({
      rowId: '13101#XMYS:002',
      code: '13101',
      initAmount: 0,
      auxis: [{ typeNo: 'XMYS', infoNo: '002' }],
    });
    expect(addAuxiliaryRow(rows, subject, [{ typeNo: 'XMYS', infoNo: '001', infoName: '工会活动' }])).toBeNull();
  });
});
