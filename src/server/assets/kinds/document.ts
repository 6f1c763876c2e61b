/**
 * pzAssetType 3: the vouchers of disposal and inventory-issue documents (template types 7, 10, 13): the documents
 * asked (assetsDocs) or every one of the class without a voucher, one voucher each or one for all (isOnePz).
 */
import { DocumentKind } from '../../../shared/assets/constants.js';
import { fenToYuan } from '../../../shared/vouchers/amounts.js';
import { Page } from '../../auth/pages.js';
import { listCertificateTypes } from '../../vouchers/certificate-types.js';
import { entriesOut, groupDate, pendingDocuments, plannedVouchers, writeDocumentVouchers } from '../document-vouchers.js';
import { sum } from '../documents.js';
import type { AssetVoucherKind } from '../voucher-kinds.js';

const KINDS = [DocumentKind.Disposal, DocumentKind.InventoryIssue] as const;

export const documentVouchers: AssetVoucherKind = {
  page: Page.assetDocuments,
  async preview(db, scope, ctx, body) {
    const q = db.kysely;
    const docs = await pendingDocuments(q, ctx, {
      kinds: KINDS,
      isOnePz: true,
      ...(body.assetClass !== undefined ? { assetClass: body.assetClass } : {}),
      documentIds: (body.assetsDocs ?? []).map((d) => d.documentId),
    });
    const planned = await plannedVouchers(q, scope, ctx, docs, true);
    const types = await listCertificateTypes(q, ctx.ztId);
    return {
      accruedStageMoney: fenToYuan(sum(docs.flatMap((d) => d.lines.map((l) => l.originalFen)))),
      subjectInfos: await entriesOut(q, ctx.ztId, ctx.year, planned[0]?.entries ?? []),
      certificateType: types[0]?.value ?? 1,
      czy: scope.actor.name,
      assetsDateTime: groupDate(docs) || `${ctx.year}-01-01`,
      dateLocked: false,
    };
  },
  save(db, scope, ctx, body) {
    return writeDocumentVouchers(db, scope, ctx, {
      kinds: KINDS,
      isOnePz: body.isOnePz ?? false,
      ...(body.assetClass !== undefined ? { assetClass: body.assetClass } : {}),
      documentIds: (body.assetsDocs ?? []).map((d) => d.documentId),
      ...(body.certificateType !== undefined ? { certificateType: body.certificateType } : {}),
      ...(body.czy ? { czy: body.czy } : {}),
      ...(body.assetsDateTime ? { pzDate: body.assetsDateTime } : {}),
      ...(body.isAuto === false && body.subjectInfos ? { entries: body.subjectInfos } : {}),
    });
  },
};
