/**
 * 低值资产预警 (spec GET /api/occur/getLowerAssetWarning): the cards an asset keeper should look at, each with its
 * reason (one row per reason):
 * 1. a fixed asset below the recognition threshold of the 2021 union system (通用设备, category code 02…, unit value
 *    under 1,000 yuan; 专用设备, 03…, under 1,500 yuan), still held;
 * 2. a fixed or intangible asset of a depreciating category, still held, whose accumulated depreciation or
 *    amortisation reached its cost;
 * 3. / 4. an inventory (库存物品) card whose quantity on hand is 0, or at most `lowQuantity` (default 1).
 * Unit value = original value ÷ quantity, half-up to the fen. Amounts in fen.
 */
import { ReportsMessages } from '../../shared/assets/reports-messages.js';
import type { Q } from '../subjects/subject-repository.js';

export const RECOGNITION_THRESHOLDS: readonly { prefix: string; name: string; fen: number }[] = [
  { prefix: '02', name: '通用设备', fen: 100_000 },
  { prefix: '03', name: '专用设备', fen: 150_000 },
];

export const LowerReason = { BelowThreshold: 1, FullyDepreciated: 2, InventoryZero: 3, InventoryLow: 4 } as const;

export interface LowerWarningFenRow {
  cardId: string;
  cardNo: string;
  name: string;
  assetClass: number;
  categoryCode: string;
  categoryName: string;
  quantity: number;
  unitValue: number;
  originalValue: number;
  accumulatedDepreciation: number;
  netValue: number;
  reasonCode: number;
  reason: string;
}

export async function readLowerWarning(q: Q, ztId: number, lowQuantity: number): Promise<LowerWarningFenRow[]> {
  const cards = await q
    .selectFrom('asset_card as c')
    .innerJoin('asset_category as g', (j) => j.onRef('g.zt_id', '=', 'c.zt_id').onRef('g.id', '=', 'c.category_id'))
    .select([
      'c.id',
      'c.card_no',
      'c.name',
      'c.asset_class',
      'c.quantity',
      'c.issued_quantity',
      'c.original_value',
      'c.issued_value',
      'c.accumulated_depreciation',
      'c.left_year',
      'g.code as category_code',
      'g.name as category_name',
      'g.depreciates',
    ])
    .where('c.zt_id', '=', ztId)
    .orderBy('c.asset_class')
    .orderBy('c.card_no')
    .execute();
  const rows: LowerWarningFenRow[] = [];
  for (const c of cards) {
    const assetClass = Number(c.asset_class);
    const inventory = assetClass === 3;
    if (!inventory && c.left_year !== null) continue;
    const quantity = Number(c.quantity);
    const cost = Number(c.original_value);
    const onHand = inventory ? quantity - Number(c.issued_quantity) : quantity;
    const heldCost = inventory ? cost - Number(c.issued_value) : cost;
    const accumulated = inventory ? 0 : Number(c.accumulated_depreciation);
    const base = {
      cardId: c.id,
      cardNo: c.card_no,
      name: c.name,
      assetClass,
      categoryCode: c.category_code,
      categoryName: c.category_name,
      quantity: onHand,
      unitValue: quantity > 0 ? Math.round(cost / quantity) : cost,
      originalValue: heldCost,
      accumulatedDepreciation: accumulated,
      netValue: heldCost - accumulated,
    };
    if (assetClass === 1) {
      const threshold = RECOGNITION_THRESHOLDS.find((t) => c.category_code.startsWith(t.prefix));
      if (threshold && base.unitValue < threshold.fen)
        rows.push({
          ...base,
          reasonCode: LowerReason.BelowThreshold,
          reason: ReportsMessages.belowThreshold(threshold.name, threshold.fen / 100),
        });
    }
    if (!inventory && Number(c.depreciates) === 1 && cost > 0 && accumulated >= cost)
      rows.push({
        ...base,
        reasonCode: LowerReason.FullyDepreciated,
        reason: assetClass === 1 ? ReportsMessages.fullyDepreciated : ReportsMessages.fullyAmortised,
      });
    if (inventory && onHand <= 0)
      rows.push({ ...base, reasonCode: LowerReason.InventoryZero, reason: ReportsMessages.inventoryZero });
    else if (inventory && onHand <= lowQuantity)
      rows.push({ ...base, reasonCode: LowerReason.InventoryLow, reason: ReportsMessages.inventoryLow(onHand) });
  }
  return rows;
}
