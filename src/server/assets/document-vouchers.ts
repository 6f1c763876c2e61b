/**
 * Vouchers of asset documents (pzAssetType 3: disposals and inventory issues) and of asset changes (pzAssetType 4):
 * the documents asked that have no live voucher, one voucher per document or one for all (isOnePz), the default
 * entries of document-entries.ts or the user's edited ones (only rows with an amount above 0), written through
 * writeAssetVouchers with the documents' marks in the same transaction (a mark only where no live voucher is named,
 * so nothing is generated twice).
 */
import { generatedVouchers } from '../vouchers/generated-vouchers.js';
import type { AssetEntryIn, AssetEntryOut } from '../../shared/api/schemas/assets-voucher.js';
import type { GeneratedVoucher } from '../../shared/api/schemas/funds-entry.js';
import type { SaveVoucherRequest } from '../../shared/api/vouchers.js';
import { DocumentKind, type AssetClassCode } from '../../shared/assets/constants.js';
import { AssetDocumentMessages as M, AssetDocumentSummaries as S } from '../../shared/assets/documents-messages.js';
import { fenToYuan, yuanToFen } from '../../shared/vouchers/amounts.js';
import type { Db } from '../db/database.js';
import { refuse } from '../http/app-error.js';
import type { Q } from '../subjects/subject-repository.js';
import { listCertificateTypes } from '../vouchers/certificate-types.js';
import { loadSubjectIndex } from '../vouchers/repository.js';
import type { VoucherScope } from '../vouchers/save-service.js';
import type { AssetContext } from './context.js';
import { classSubjects, documentEntries, mergeEntries, type PlannedEntry } from './document-entries.js';
import { loadDocuments, type DocumentRecord } from './documents.js';
import { writeAssetVouchers } from './voucher-writer.js';

export interface DocumentVoucherAsk {
  /** The documents asked; empty or absent: every one of the class (kinds) without a voucher in the year. */
  documentIds?: readonly string[];
  assetClass?: AssetClassCode;
  kinds: readonly number[];
  isOnePz: boolean;
  certificateType?: number;
  czy?: string;
  pzDate?: string;
  /** The user's entries (isAuto false); used when the vouchers are one (isOnePz or a single document). */
  entries?: readonly AssetEntryIn[];
}

/** The documents asked, each the set's, of the kinds asked, none with a live voucher. */
export async function pendingDocuments(q: Q, ctx: AssetContext, ask: DocumentVoucherAsk): Promise<DocumentRecord[]> {
  const ids = ask.documentIds && ask.documentIds.length > 0 ? [...new Set(ask.documentIds)] : null;
  if (ids) {
    const docs = await loadDocuments(q, ctx.ztId, { ids });
    if (docs.length !== ids.length || docs.some((d) => !ask.kinds.includes(d.kind))) refuse('NotFound', M.documentMissing);
    if (ask.assetClass !== undefined && docs.some((d) => d.assetClass !== ask.assetClass)) refuse('NotFound', M.documentMissing);
    const done = docs.find((d) => d.generated);
    if (done) refuse('BusinessRule', M.generated(done.documentNo));
    return docs.sort((a, b) => a.docDate.localeCompare(b.docDate) || a.documentNo.localeCompare(b.documentNo));
  }
  const docs = await loadDocuments(q, ctx.ztId, {
    ...(ask.assetClass !== undefined ? { assetClass: ask.assetClass } : {}),
    kinds: ask.kinds,
    year: ctx.year,
  });
  return docs
    .filter((d) => !d.generated)
    .sort((a, b) => a.docDate.localeCompare(b.docDate) || a.documentNo.localeCompare(b.documentNo));
}

async function usableOf(q: Q, ztId: number, year: number): Promise<(code: string) => boolean> {
  const index = await loadSubjectIndex(q, ztId, year);
  return (code) => {
    const row = index.byCode.get(code);
    return !!row && !!row.last_level && !!row.enable;
  };
}

/** The vouchers' groups and their default entries. */
export async function plannedVouchers(
  q: Q,
  scope: VoucherScope,
  ctx: AssetContext,
  docs: readonly DocumentRecord[],
  isOnePz: boolean,
): Promise<{ group: DocumentRecord[]; entries: PlannedEntry[] }[]> {
  const usable = await usableOf(q, ctx.ztId, ctx.year);
  const entriesOf = (d: DocumentRecord) => documentEntries(d, classSubjects(scope.system, d.assetClass), usable);
  if (isOnePz || docs.length === 1) {
    const all = docs.flatMap(entriesOf);
    const first = docs[0];
    const summary = docs.length === 1 && first ? (entriesOf(first)[0]?.summary ?? '') : S.batch(docs.length);
    return [{ group: [...docs], entries: docs.length === 1 ? all : mergeEntries(all, summary) }];
  }
  return docs.map((d) => ({ group: [d], entries: entriesOf(d) }));
}

/** The user's entries: rows with an amount above 0, each with a subject, debit total equal to credit total. */
export function userEntries(rows: readonly AssetEntryIn[]): PlannedEntry[] {
  const out: PlannedEntry[] = [];
  for (const row of rows) {
    const r = yuanToFen(row.moneyAmount);
    if (!r.ok) refuse('ValidationFailed', r.message);
    if (r.fen <= 0) continue;
    if (!row.subjectCode.trim()) refuse('ValidationFailed', M.subjectMissing);
    out.push({
      summary: row.summary,
      subjectCode: row.subjectCode.trim(),
      direction: row.balanceDirection,
      fen: r.fen,
      auxis: row.auxis ?? [],
    });
  }
  if (out.length === 0) refuse('ValidationFailed', M.entriesMissing);
  const debit = out.filter((e) => e.direction === 1).reduce((a, e) => a + e.fen, 0);
  const credit = out.filter((e) => e.direction === 2).reduce((a, e) => a + e.fen, 0);
  if (debit !== credit) refuse('BusinessRule', M.unbalanced);
  return out;
}

export async function entriesOut(q: Q, ztId: number, year: number, entries: readonly PlannedEntry[]): Promise<AssetEntryOut[]> {
  const index = await loadSubjectIndex(
    q,
    ztId,
    year,
    entries.map((e) => e.subjectCode),
  );
  return entries.map((e) => ({
    summary: e.summary,
    moneyAmount: fenToYuan(e.fen),
    balanceDirection: e.direction,
    subjectCode: e.subjectCode,
    subjectName: index.byCode.get(e.subjectCode)?.name ?? '',
    auxis: [],
  }));
}

/** The default date of a group's voucher: the latest document date. */
export function groupDate(group: readonly DocumentRecord[]): string {
  return group.reduce((max, d) => (d.docDate > max ? d.docDate : max), '');
}

export async function writeDocumentVouchers(
  db: Db,
  scope: VoucherScope,
  ctx: AssetContext,
  ask: DocumentVoucherAsk,
): Promise<GeneratedVoucher[]> {
  const q = db.kysely;
  const docs = await pendingDocuments(q, ctx, ask);
  if (docs.length === 0)
    refuse('BusinessRule', ask.kinds.includes(DocumentKind.Change) ? M.changeNothing : '没有未生成凭证的单据');
  const planned = await plannedVouchers(q, scope, ctx, docs, ask.isOnePz);
  const own = ask.entries && ask.entries.length > 0 && planned.length === 1 ? userEntries(ask.entries) : null;
  const types = await listCertificateTypes(q, ctx.ztId);
  const certificateType = ask.certificateType ?? types[0]?.value ?? 1;
  const requests: SaveVoucherRequest[] = planned.map(({ group, entries }) => {
    const pzDate = ask.pzDate ?? groupDate(group);
    const [y, m] = pzDate.split('-').map(Number);
    const lines = own ?? entries;
    return {
      year: y ?? ctx.year,
      month: m ?? 1,
      pzDate,
      certificateType,
      numberOfDocument: 0,
      ...(ask.czy ? { preparedBy: ask.czy } : {}),
      certiDetails: lines.map((l) => ({
        summary: l.summary,
        subjectCode: l.subjectCode,
        debitAmount: l.direction === 1 ? fenToYuan(l.fen) : null,
        creditAmount: l.direction === 2 ? fenToYuan(l.fen) : null,
        auxis: [...(l.auxis ?? [])],
      })),
    };
  });
  const dead = docs.flatMap((d) => (d.voucherId && !d.generated ? [d.voucherId] : []));
  const vouchers = await writeAssetVouchers(db, scope, requests, async (trx, written) => {
    let marked = 0;
    for (const [g, { group }] of planned.entries()) {
      const voucher = written[g];
      if (!voucher) continue;
      const result = await trx
        .updateTable('asset_document')
        .set({ voucher_id: voucher.id, updated_at: Date.now() })
        .where('zt_id', '=', ctx.ztId)
        .where(
          'id',
          'in',
          group.map((d) => d.id),
        )
        .where((eb) =>
          dead.length > 0 ? eb.or([eb('voucher_id', 'is', null), eb('voucher_id', 'in', dead)]) : eb('voucher_id', 'is', null),
        )
        .executeTakeFirst();
      marked += Number(result.numUpdatedRows);
    }
    return { marked, expected: docs.length };
  });
  return generatedVouchers(vouchers);
}
