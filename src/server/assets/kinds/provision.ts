/**
 * pzAssetType 2: the voucher of a month's depreciation (class 1) or amortisation (class 2): the month's provisions
 * without a live voucher, narrowed by the dialog's filters (department, nature, the category tree). One voucher for
 * the selection; the server recomputes this accrual's amount and refuses entries whose debit or credit total differs
 * from it, and a date outside the accrued month (unless is_dfzc). The provisions name their voucher in the same
 * transaction (writeAssetVouchers), only where no live voucher is named, so a month is never generated twice.
 */
import { generatedVouchers } from '../../vouchers/generated-vouchers.js';
import { sql } from 'kysely';
import type { AssetVoucherRequest } from '../../../shared/api/schemas/assets-voucher.js';
import { provisionTemplate } from '../../../shared/assets/constants.js';
import { AssetVoucherMessages as M } from '../../../shared/assets/vouchers-messages.js';
import { fenToYuan } from '../../../shared/vouchers/amounts.js';
import { Page } from '../../auth/pages.js';
import { refuse } from '../../http/app-error.js';
import { defaultVoucherDate } from '../../vouchers/routes.js';
import type { VoucherScope } from '../../vouchers/save-service.js';
import type { AssetContext, Q } from '../context.js';
import { defaultEntries } from '../default-entries.js';
import { defaultCategory, entriesOut, entriesToPost, IS_DFZC, saveRequestOf, voucherDate } from '../kind-support.js';
import type { ProvisionFilter } from '../provision-detail.js';
import { stageOf } from '../provision-detail.js';
import type { AssetVoucherKind } from '../voucher-kinds.js';
import { writeAssetVouchers } from '../voucher-writer.js';

interface Selection {
  assetClass: 1 | 2;
  year: number;
  month: number;
  /** The card filter as SQL over asset_card (null: every card). */
  cardFilter: ReturnType<typeof sql> | null;
  count: number;
  totalFen: number;
}

async function categoryClosure(q: Q, ztId: number, ids: readonly number[]): Promise<number[]> {
  const all = await q.selectFrom('asset_category').select(['id', 'parent_id']).where('zt_id', '=', ztId).execute();
  const set = new Set(ids);
  let grew = true;
  while (grew) {
    grew = false;
    for (const c of all)
      if (c.parent_id !== null && set.has(c.parent_id) && !set.has(c.id)) {
        set.add(c.id);
        grew = true;
      }
  }
  return [...set];
}

/** The month's provisions the request covers, without a live voucher. */
async function select(q: Q, ctx: AssetContext, body: AssetVoucherRequest): Promise<Selection> {
  const assetClass = body.assetClass;
  if (assetClass !== 1 && assetClass !== 2) return refuse('BusinessRule', M.inventoryNoProvision);
  if (!body.accruedStage) return refuse('ValidationFailed', '请选择计提期间');
  const { year, month } = stageOf(body.accruedStage);
  const run = await q
    .selectFrom('asset_provision_run')
    .select('total')
    .where('zt_id', '=', ctx.ztId)
    .where('asset_class', '=', assetClass)
    .where('year', '=', year)
    .where('month', '=', month)
    .executeTakeFirst();
  if (!run) refuse('BusinessRule', M.runNotRun(year, month));
  const parts: ReturnType<typeof sql>[] = [];
  if (body.departmentId) parts.push(sql`c.department_id = ${body.departmentId}`);
  if (body.nature) parts.push(sql`c.nature = ${body.nature}`);
  if (body.aetTypeArr && body.aetTypeArr.length > 0) {
    const cats = await categoryClosure(q, ctx.ztId, body.aetTypeArr);
    parts.push(sql`c.category_id in (${sql.join(cats)})`);
  }
  const cardFilter =
    parts.length === 0 ? null : sql`select c.id from asset_card c where c.zt_id = ${ctx.ztId} and ${sql.join(parts, sql` and `)}`;
  const row = await sql<{ n: number | string; s: number | string | null }>`
    select count(*) as n, sum(p.amount) as s from asset_provision p
    where p.zt_id = ${ctx.ztId} and p.asset_class = ${assetClass} and p.year = ${year} and p.month = ${month}
      and (p.voucher_id is null or not exists (select 1 from voucher v where v.zt_id = p.zt_id and v.id = p.voucher_id))
      ${cardFilter ? sql`and p.card_id in (${cardFilter})` : sql``}`.execute(q);
  const first = row.rows[0];
  return { assetClass, year, month, cardFilter, count: Number(first?.n ?? 0), totalFen: Number(first?.s ?? 0) };
}

const summaryOf = (s: Selection) => `${s.year}年${s.month}月计提${s.assetClass === 1 ? '固定资产折旧' : '无形资产摊销'}`;

export const provisionVouchers: AssetVoucherKind = {
  page: Page.assetDepreciation,

  async preview(db, scope: VoucherScope, ctx: AssetContext, body) {
    const q = db.kysely;
    const s = await select(q, ctx, body);
    const entries = await defaultEntries(
      q,
      scope,
      s.year,
      provisionTemplate(s.assetClass),
      { originalFen: s.totalFen },
      summaryOf(s),
    );
    return {
      accruedStageMoney: fenToYuan(s.totalFen),
      subjectInfos: entriesOut(entries),
      certificateType: await defaultCategory(q, ctx.ztId, body),
      czy: scope.actor.name,
      assetsDateTime: defaultVoucherDate(s.year, s.month),
      dateLocked: !IS_DFZC,
    };
  },

  async save(db, scope, ctx, body) {
    const q = db.kysely;
    const s = await select(q, ctx, body);
    if (s.count === 0 || s.totalFen === 0) refuse('BusinessRule', M.nothingToGenerate);
    const defaults = await defaultEntries(
      q,
      scope,
      s.year,
      provisionTemplate(s.assetClass),
      { originalFen: s.totalFen },
      summaryOf(s),
    );
    const lines = entriesToPost(body, defaults, s.totalFen);
    const date = voucherDate(body, defaultVoucherDate(s.year, s.month), { year: s.year, month: s.month });
    const certificateType = body.certificateType ?? (await defaultCategory(q, ctx.ztId, body));
    const request = saveRequestOf(body, scope, date, certificateType, lines);
    const vouchers = await writeAssetVouchers(db, scope, [request], async (trx, written) => {
      const id = written[0]?.id ?? '';
      const result = await sql`update asset_provision set voucher_id = ${id}
        where zt_id = ${ctx.ztId} and asset_class = ${s.assetClass} and year = ${s.year} and month = ${s.month}
          and (voucher_id is null or not exists (select 1 from voucher v where v.zt_id = asset_provision.zt_id and v.id = asset_provision.voucher_id and v.id <> ${id}))
          ${s.cardFilter ? sql`and card_id in (${s.cardFilter})` : sql``}`.execute(trx);
      return { marked: Number(result.numAffectedRows ?? 0), expected: s.count };
    });
    return generatedVouchers(vouchers);
  },
};

export type { ProvisionFilter };
