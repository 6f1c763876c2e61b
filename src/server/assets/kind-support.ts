/**
 * What the vouchers lane's kinds share: the dialog's defaults (category, maker), the entries the save posts (the
 * user's, checked in the spec's order by assetEntryProblem, or the template's when isAuto), the date rule, and the
 * SaveVoucherRequest made of them.
 */
import type { AssetEntryOut, AssetVoucherRequest } from '../../shared/api/schemas/assets-voucher.js';
import type { SaveVoucherRequest } from '../../shared/api/vouchers.js';
import { assetEntryProblem, AssetVoucherMessages as M } from '../../shared/assets/vouchers-messages.js';
import { fenToYuan, yuanToFen } from '../../shared/vouchers/amounts.js';
import { refuse } from '../http/app-error.js';
import { defaultCertificateType, listCertificateTypes } from '../vouchers/certificate-types.js';
import type { VoucherScope } from '../vouchers/save-service.js';
import type { Q } from './context.js';
import type { DefaultEntry } from './default-entries.js';

/** Spec: the 2022 init mode's category (调账凭证). */
export const INIT_CERTIFICATE_TYPE = 10000;
/** The server config is_dfzc (system/routes.ts answers false): the date stays within the accrued month. */
export const IS_DFZC = false;

export interface EntryFen {
  summary: string;
  subjectCode: string;
  balanceDirection: 1 | 2;
  amountFen: number;
  auxis: { typeNo: string; infoNo: string }[];
}

export async function defaultCategory(q: Q, ztId: number, body: AssetVoucherRequest): Promise<number> {
  if (body.isAssetsInit) return INIT_CERTIFICATE_TYPE;
  const types = await listCertificateTypes(q, ztId);
  return defaultCertificateType(types)?.value ?? 1;
}

export function entriesOut(entries: readonly DefaultEntry[]): AssetEntryOut[] {
  return entries.map((e) => ({
    summary: e.summary,
    moneyAmount: fenToYuan(e.amountFen),
    balanceDirection: e.balanceDirection,
    subjectCode: e.subjectCode,
    subjectName: e.subjectName,
    auxis: [],
  }));
}

const fenOf = (yuan: string | number): number => {
  const r = yuanToFen(yuan);
  return r.ok ? r.fen : refuse('ValidationFailed', r.message);
};

/**
 * The entries to post: the template's when isAuto (or none were sent), else the user's, checked in the dialog's
 * order (accrualFen null: the totals against the accrual are not checked).
 */
export function entriesToPost(
  body: AssetVoucherRequest,
  defaults: readonly DefaultEntry[],
  accrualFen: number | null,
): EntryFen[] {
  const lines: EntryFen[] =
    body.isAuto || !body.subjectInfos
      ? defaults.map((d) => ({ ...d, auxis: [] }))
      : body.subjectInfos.map((s) => ({
          summary: s.summary,
          subjectCode: s.subjectCode,
          balanceDirection: s.balanceDirection,
          amountFen: fenOf(s.moneyAmount),
          auxis: s.auxis ?? [],
        }));
  const problem = assetEntryProblem(
    { certificateType: body.certificateType ?? (body.isAuto ? 1 : null), maker: body.czy ?? (body.isAuto ? 'auto' : null) },
    lines,
    accrualFen,
  );
  if (problem) refuse('BusinessRule', problem);
  return lines;
}

/** The voucher date: the one sent, within the accrued month unless is_dfzc; else the default. */
export function voucherDate(body: AssetVoucherRequest, fallback: string, month: { year: number; month: number } | null): string {
  const date = body.assetsDateTime ?? fallback;
  if (month && !IS_DFZC) {
    const [y, m] = date.split('-').map(Number);
    if (y !== month.year || m !== month.month) refuse('BusinessRule', M.dateOutsideMonth(month.year, month.month));
  }
  return date;
}

export function saveRequestOf(
  body: AssetVoucherRequest,
  scope: VoucherScope,
  date: string,
  certificateType: number,
  lines: readonly EntryFen[],
): SaveVoucherRequest {
  const [y, m] = date.split('-').map(Number);
  return {
    year: y ?? 0,
    month: m ?? 1,
    pzDate: date,
    certificateType,
    numberOfDocument: 0,
    preparedBy: body.czy ?? scope.actor.name,
    certiDetails: lines.map((l) => ({
      summary: l.summary,
      subjectCode: l.subjectCode,
      debitAmount: l.balanceDirection === 1 ? fenToYuan(l.amountFen) : null,
      creditAmount: l.balanceDirection === 2 ? fenToYuan(l.amountFen) : null,
      auxis: l.auxis,
    })),
  };
}
