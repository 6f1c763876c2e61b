/**
 * pzAssetType 1: the vouchers of added cards (资产新增): reviewed cards of the class, not keyed at initialisation
 * (those are in the opening balances), without a live voucher; the ids asked or, when none, every such card. One
 * voucher for all (isOnePz) or one per card: per card, each entry line carries the card's original value (the
 * addition templates put the original value on every line). The spec skips the totals-against-amount checks in the
 * card mode (assetProOrDoc 1); the voucher must still balance. Cards name their voucher in the same transaction.
 */
import { generatedVouchers } from '../../vouchers/generated-vouchers.js';
import { sql } from 'kysely';
import type { AssetVoucherRequest } from '../../../shared/api/schemas/assets-voucher.js';
import { additionTemplate, ASSET_CLASSES, type AssetClassCode } from '../../../shared/assets/constants.js';
import { AssetVoucherMessages as M } from '../../../shared/assets/vouchers-messages.js';
import { fenToYuan } from '../../../shared/vouchers/amounts.js';
import { Page } from '../../auth/pages.js';
import { refuse } from '../../http/app-error.js';
import { defaultVoucherDate } from '../../vouchers/routes.js';
import type { VoucherScope } from '../../vouchers/save-service.js';
import type { AssetContext, Q } from '../context.js';
import { defaultEntries } from '../default-entries.js';
import { defaultCategory, entriesOut, entriesToPost, saveRequestOf, voucherDate } from '../kind-support.js';
import type { AssetVoucherKind } from '../voucher-kinds.js';
import { existingVoucherIds, writeAssetVouchers } from '../voucher-writer.js';

interface CardRow {
  id: string;
  card_no: string;
  name: string;
  original_value: number | string;
  activation_date: string;
  is_review: number;
  is_init: number;
  voucher_id: string | null;
}

async function selectCards(
  q: Q,
  ctx: AssetContext,
  body: AssetVoucherRequest,
): Promise<{ cls: AssetClassCode; cards: CardRow[] }> {
  const cls = body.assetClass ?? 1;
  const asked = body.assetsCards ? [...new Set(body.assetsCards)] : null;
  if (asked && asked.length === 0) refuse('BusinessRule', M.selectCards);
  const rows: CardRow[] = [];
  const base = () =>
    q
      .selectFrom('asset_card')
      .select(['id', 'card_no', 'name', 'original_value', 'activation_date', 'is_review', 'is_init', 'voucher_id'])
      .where('zt_id', '=', ctx.ztId)
      .where('asset_class', '=', cls)
      .$if(body.departmentId !== undefined, (w) => w.where('department_id', '=', body.departmentId ?? 0))
      .$if(body.nature !== undefined, (w) => w.where('nature', '=', body.nature ?? 0));
  if (asked) {
    for (let i = 0; i < asked.length; i += 500)
      rows.push(
        ...((await base()
          .where('id', 'in', asked.slice(i, i + 500))
          .execute()) as CardRow[]),
      );
    if (rows.length !== asked.length) refuse('NotFound', M.cardMissing);
    if (rows.some((r) => r.is_review !== 1 || r.is_init === 1)) refuse('BusinessRule', M.cardNotReviewed);
  } else {
    rows.push(...((await base().where('is_review', '=', 1).where('is_init', '=', 0).orderBy('card_no').execute()) as CardRow[]));
  }
  const live = await existingVoucherIds(
    q,
    ctx.ztId,
    rows.map((r) => r.voucher_id ?? ''),
  );
  const open = rows.filter((r) => !r.voucher_id || !live.has(r.voucher_id));
  if (asked && open.length !== rows.length) refuse('Conflict', '所选卡片已生成凭证');
  return { cls, cards: open };
}

const className = (cls: AssetClassCode) => ASSET_CLASSES.find((c) => c.value === cls)?.name ?? '';
const summaryOf = (cls: AssetClassCode, cards: readonly CardRow[]) =>
  cards.length === 1 && cards[0] ? `新增${className(cls)}：${cards[0].name}` : `新增${className(cls)}`;

/** The default date: the latest activation within the working year, else the year's first day. */
function defaultDate(ctx: AssetContext, cards: readonly CardRow[]): string {
  const latest = cards
    .map((c) => c.activation_date)
    .sort()
    .at(-1);
  if (latest && latest.startsWith(`${ctx.year}-`)) {
    const [, m] = latest.split('-').map(Number);
    return defaultVoucherDate(ctx.year, m ?? 1);
  }
  return `${ctx.year}-01-01`;
}

export const additionVouchers: AssetVoucherKind = {
  page: Page.assetCards,

  async preview(db, scope: VoucherScope, ctx, body) {
    const q = db.kysely;
    const { cls, cards } = await selectCards(q, ctx, body);
    const totalFen = cards.reduce((s, c) => s + Number(c.original_value), 0);
    const entries = await defaultEntries(
      q,
      scope,
      ctx.year,
      additionTemplate(cls),
      { originalFen: totalFen },
      summaryOf(cls, cards),
    );
    return {
      accruedStageMoney: fenToYuan(totalFen),
      subjectInfos: entriesOut(entries),
      certificateType: await defaultCategory(q, ctx.ztId, body),
      czy: scope.actor.name,
      assetsDateTime: defaultDate(ctx, cards),
      dateLocked: false,
    };
  },

  async save(db, scope, ctx, body) {
    const q = db.kysely;
    const { cls, cards } = await selectCards(q, ctx, body);
    if (cards.length === 0) refuse('BusinessRule', M.nothingToGenerate);
    const totalFen = cards.reduce((s, c) => s + Number(c.original_value), 0);
    const defaults = await defaultEntries(
      q,
      scope,
      ctx.year,
      additionTemplate(cls),
      { originalFen: totalFen },
      summaryOf(cls, cards),
    );
    const lines = entriesToPost(body, defaults, null);
    const date = voucherDate(body, defaultDate(ctx, cards), null);
    const certificateType = body.certificateType ?? (await defaultCategory(q, ctx.ztId, body));
    const onePz = body.isOnePz ?? true;
    const groups = onePz ? [cards] : cards.map((c) => [c]);
    const requests = groups.map((group) => {
      if (onePz) return saveRequestOf(body, scope, date, certificateType, lines);
      const card = group[0] as CardRow;
      const fen = Number(card.original_value);
      const summary = (s: string) => (body.isAuto || !body.subjectInfos ? summaryOf(cls, group) : s);
      return saveRequestOf(
        body,
        scope,
        date,
        certificateType,
        lines.map((l) => ({ ...l, summary: summary(l.summary), amountFen: l.amountFen === totalFen ? fen : l.amountFen })),
      );
    });
    const vouchers = await writeAssetVouchers(db, scope, requests, async (trx, written) => {
      let marked = 0;
      for (let g = 0; g < groups.length; g++) {
        const id = written[g]?.id ?? '';
        const ids = (groups[g] ?? []).map((c) => c.id);
        for (let i = 0; i < ids.length; i += 500) {
          const result = await sql`update asset_card set voucher_id = ${id}
            where zt_id = ${ctx.ztId} and id in (${sql.join(ids.slice(i, i + 500))})
              and (voucher_id is null or not exists (select 1 from voucher v where v.zt_id = asset_card.zt_id and v.id = asset_card.voucher_id))`.execute(
            trx,
          );
          marked += Number(result.numAffectedRows ?? 0);
        }
      }
      return { marked, expected: cards.length };
    });
    return generatedVouchers(vouchers);
  },
};
