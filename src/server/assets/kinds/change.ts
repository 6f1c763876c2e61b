/**
 * pzAssetType 4: the asset-change voucher (spec "Asset-change voucher form"): the changes (DocumentKind.Change) asked,
 * or every one without a voucher, as one voucher; Dr the asset, Cr its 资产基金 by default (a decrease the reverse).
 * The form's checks (spec §5) are checkChangeForm's, shared with saveAssetCardChangeCertificate.
 */
import { DocumentKind } from '../../../shared/assets/constants.js';
import { AssetDocumentMessages as M } from '../../../shared/assets/documents-messages.js';
import { fenToYuan } from '../../../shared/vouchers/amounts.js';
import { Page } from '../../auth/pages.js';
import { refuse } from '../../http/app-error.js';
import { listCertificateTypes } from '../../vouchers/certificate-types.js';
import { entriesOut, groupDate, pendingDocuments, plannedVouchers, writeDocumentVouchers } from '../document-vouchers.js';
import { sum } from '../documents.js';
import type { AssetVoucherKind } from '../voucher-kinds.js';

export const CHANGE_KINDS = [DocumentKind.Change] as const;
/** Spec §5: the voucher date cannot be on or before 2021-12-31. */
export const CHANGE_DATE_FLOOR = '2021-12-31';

/** The form's checks, in the spec's order. */
export function checkChangeForm(form: { certificateType?: number; czy?: string; date?: string; isAssetsInit?: boolean }): void {
  if (!form.certificateType) refuse('ValidationFailed', M.certificateTypeMissing);
  if (!form.czy?.trim()) refuse('ValidationFailed', M.makerMissing);
  if (form.isAssetsInit && !form.date) refuse('ValidationFailed', M.dateMissing);
  if (form.date && form.date <= CHANGE_DATE_FLOOR) refuse('ValidationFailed', M.dateTooEarly);
}

export const changeVouchers: AssetVoucherKind = {
  page: Page.assetCards,
  async preview(db, scope, ctx, body) {
    const q = db.kysely;
    const docs = await pendingDocuments(q, ctx, {
      kinds: CHANGE_KINDS,
      isOnePz: true,
      ...(body.assetClass !== undefined ? { assetClass: body.assetClass } : {}),
      documentIds: (body.assetsDocs ?? []).map((d) => d.documentId),
    });
    const planned = docs.length > 0 ? await plannedVouchers(q, scope, ctx, docs, true) : [];
    const types = await listCertificateTypes(q, ctx.ztId);
    return {
      accruedStageMoney: fenToYuan(sum(docs.flatMap((d) => d.lines.map((l) => l.originalFen)))),
      subjectInfos: await entriesOut(q, ctx.ztId, ctx.year, planned[0]?.entries ?? []),
      certificateType: body.isAssetsInit ? 10000 : (types[0]?.value ?? 1),
      czy: scope.actor.name,
      assetsDateTime: groupDate(docs) || `${ctx.year}-01-01`,
      dateLocked: false,
    };
  },
  save(db, scope, ctx, body) {
    checkChangeForm({
      ...(body.certificateType !== undefined ? { certificateType: body.certificateType } : {}),
      ...(body.czy !== undefined ? { czy: body.czy } : {}),
      ...(body.assetsDateTime !== undefined ? { date: body.assetsDateTime } : {}),
      ...(body.isAssetsInit !== undefined ? { isAssetsInit: body.isAssetsInit } : {}),
    });
    // Spec: only rows with an amount above 0 are sent; every such row needs its subject (userEntries).
    if (body.isAuto === false && !body.subjectInfos?.length) refuse('ValidationFailed', M.entriesMissing);
    return writeDocumentVouchers(db, scope, ctx, {
      kinds: CHANGE_KINDS,
      isOnePz: true,
      ...(body.assetClass !== undefined ? { assetClass: body.assetClass } : {}),
      documentIds: (body.assetsDocs ?? []).map((d) => d.documentId),
      ...(body.certificateType !== undefined ? { certificateType: body.certificateType } : {}),
      ...(body.czy ? { czy: body.czy } : {}),
      ...(body.assetsDateTime ? { pzDate: body.assetsDateTime } : {}),
      ...(body.isAuto !== true && body.subjectInfos && body.subjectInfos.length > 0 ? { entries: body.subjectInfos } : {}),
    });
  },
};
