/**
 * The asset voucher dialog's kinds of the long-term deferred expenses (181): 5 a month's amortisation (Dr 资产基金—
 * 长期待摊费用 30106 / Cr 181; government: Dr 5001 / Cr 1901), 6 the additions (Dr 181 / Cr 30106 and Dr 资本性支出
 * 50707 / Cr 银行存款 102, the union system's dual entry; government: Dr 1901 / Cr 1002). The work is long-vouchers.ts.
 */
import { Page } from '../../auth/pages.js';
import { refuse } from '../../http/app-error.js';
import { amortise, generateAdditions, previewAdditions, previewAmortion } from '../long-vouchers.js';
import type { AssetVoucherKind } from '../voucher-kinds.js';

const stageOf = (stage: string | undefined): string => stage ?? refuse('ValidationFailed', '请选择计提期间');

export const longAmortionVouchers: AssetVoucherKind = {
  page: Page.longAmortion,
  preview: (db, scope, ctx, body) => previewAmortion(db, scope, ctx.year, stageOf(body.accruedStage), body),
  save: async (db, scope, ctx, body) => (await amortise(db, scope, ctx.year, stageOf(body.accruedStage), body)).vouchers,
};

export const longAdditionVouchers: AssetVoucherKind = {
  page: Page.longAmortion,
  preview: (db, scope, _ctx, body) => previewAdditions(db, scope, body.longAmortions, body),
  save: (db, scope, _ctx, body) => generateAdditions(db, scope, body.longAmortions, body.isOnePz === true, body),
};
