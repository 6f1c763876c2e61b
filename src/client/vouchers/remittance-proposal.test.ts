import { describe, expect, it } from 'vitest';
import { blankVoucherRow, type VoucherLineRow } from '../../../grids/voucher.js';
import type { FundsProposalLine } from '../../shared/api/schemas/funds-reports.js';
import { remittanceSource, withProposal } from './remittance-proposal.js';

const line = (rowId: string, values: Partial<VoucherLineRow> = {}): VoucherLineRow => ({ ...blankVoucherRow(rowId), ...values });
const proposal = (share: string, subjectCode: string, creditAmount: number, unit?: string): FundsProposalLine => ({
  share,
  shareName: share,
  summary: '收一厂经费',
  subjectCode,
  subjectName: '',
  creditAmount,
  auxis: unit ? [{ typeNo: 'JFDW', infoNo: unit }] : [],
});

describe('the remittance proposal of a 402 line (F8)', () => {
  it('applies to a line crediting 402 with a 经费单位 item, asking for its unit, credit and summary', () => {
    const row = line('b', { subjectCode: '402', creditAmount: 123_456, auxis: 'JFDW:1001', summary: '收一厂经费' });
    expect(remittanceSource(row)).toEqual({ unitCode: '1001', amount: 123_456, summary: '收一厂经费' });
    expect(remittanceSource({ ...row, subjectCode: '40201', auxis: 'JFHS:01|JFDW:1002' })?.unitCode).toBe('1002');
  });

  it('does not apply to another subject, a debit, a line without amount or without a unit', () => {
    const row = line('b', { subjectCode: '402', creditAmount: 100, auxis: 'JFDW:1001' });
    for (const other of [
      { ...row, subjectCode: '401' },
      { ...row, subjectCode: '102' },
      { ...row, creditAmount: null },
      { ...row, creditAmount: null, debitAmount: 100 },
      { ...row, auxis: null },
      { ...row, auxis: 'JFHS:01' },
    ])
      expect(remittanceSource(other), JSON.stringify(other)).toBeNull();
    expect(remittanceSource(undefined)).toBeNull();
  });

  it('replaces the line by the proposed lines in its place, the first keeping its row, the credits adding up', () => {
    const tables = [
      [
        line('a', { subjectCode: '102', debitAmount: 100_000 }),
        line('b', { subjectCode: '402', creditAmount: 100_000, auxis: 'JFDW:1001', originalId: 'saved-b' }),
        line('c'),
      ],
    ];
    let n = 0;
    const next = withProposal(
      tables,
      'b',
      [proposal('retained', '402', 600), proposal('superiorOne', '211', 300, '1001'), proposal('lower', '21202', 100, '1001')],
      () => `new-${++n}`,
    );
    expect(next[0]?.map((r) => [r.rowId, r.originalId, r.subjectCode, r.auxis, r.debitAmount, r.creditAmount])).toEqual([
      ['a', null, '102', null, 100_000, null],
      ['b', 'saved-b', '402', null, null, 60_000],
      ['new-1', null, '211', 'JFDW:1001', null, 30_000],
      ['new-2', null, '21202', 'JFDW:1001', null, 10_000],
      ['c', null, null, null, null, null],
    ]);
    expect(next[0]?.slice(1, 4).every((r) => r.summary === '收一厂经费')).toBe(true);
  });
});
