import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../shared/error-codes.js';
import { VoucherMessages } from '../../shared/vouchers/messages.js';
import type { VoucherRow } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import { assertAsSeen, isModification, readSaveTarget, readTargets } from './voucher-target.js';

const refusal = (run: () => unknown): { code: number; message: string } => {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('not refused');
};

const row = { id: 'v1', revision: 4, year: 2026, month: 3, certificate_type: 1, pz_no: 7 } as VoucherRow;

describe('how a change names its voucher', () => {
  it('a save with any of id, revision or old* is a modification, and needs id and revision', () => {
    expect(isModification({})).toBe(false);
    expect(isModification({ oldPzNo: 1 })).toBe(true);
    expect(isModification({ id: 'v1' })).toBe(true);
    expect(readSaveTarget({ id: 'v1', revision: 4 })).toEqual({ id: 'v1', revision: 4 });
    expect(readSaveTarget({ id: 'v1', revision: 4, oldDate: '2026-03-09', oldPzNo: 7, oldCertificateType: 1 })).toEqual({
      id: 'v1',
      revision: 4,
      shown: { year: 2026, month: 3, certificateType: 1, pzNo: 7 },
    });
    const numberOnly = refusal(() => readSaveTarget({ oldDate: '2026-03-09', oldPzNo: 7, oldCertificateType: 1 }));
    expect(numberOnly).toEqual({ code: ErrorCode.BadRequest, message: VoucherMessages.targetMissing });
    expect(refusal(() => readSaveTarget({ id: 'v1', revision: 4, oldPzNo: 7 })).code).toBe(ErrorCode.BadRequest);
    expect(refusal(() => readSaveTarget({ id: 'v1' })).message).toBe(VoucherMessages.targetMissing);
  });

  it('batch details: id and revision each, the spec number optional but whole, at least one', () => {
    expect(readTargets([{ id: 'v1', revision: 4 }], 2026)).toEqual([{ id: 'v1', revision: 4 }]);
    expect(readTargets([{ id: 'v1', revision: 4, month: 3, pzNo: 7, certificateType: 1 }], 2026)).toEqual([
      { id: 'v1', revision: 4, shown: { year: 2026, month: 3, certificateType: 1, pzNo: 7 } },
    ]);
    expect(refusal(() => readTargets([{ id: 'v1', revision: 4, month: 3 }], 2026)).code).toBe(ErrorCode.BadRequest);
    expect(refusal(() => readTargets([], 2026)).code).toBe(ErrorCode.BusinessRule);
  });

  it('refuses a voucher changed since it was seen: another revision or another number', () => {
    expect(() => assertAsSeen(row, { id: 'v1', revision: 4 })).not.toThrow();
    expect(() =>
      assertAsSeen(row, { id: 'v1', revision: 4, shown: { year: 2026, month: 3, certificateType: 1, pzNo: 7 } }),
    ).not.toThrow();
    expect(refusal(() => assertAsSeen(row, { id: 'v1', revision: 3 }))).toEqual({
      code: ErrorCode.Conflict,
      message: VoucherMessages.changedByOthers,
    });
    for (const shown of [
      { year: 2025, month: 3, certificateType: 1, pzNo: 7 },
      { year: 2026, month: 4, certificateType: 1, pzNo: 7 },
      { year: 2026, month: 3, certificateType: 2, pzNo: 7 },
      { year: 2026, month: 3, certificateType: 1, pzNo: 6 },
    ]) {
      expect(refusal(() => assertAsSeen(row, { id: 'v1', revision: 4, shown }, true))).toEqual({
        code: ErrorCode.Conflict,
        message: VoucherMessages.changedByOthersNamed(`${shown.month}月${shown.pzNo}号`),
      });
    }
  });
});
