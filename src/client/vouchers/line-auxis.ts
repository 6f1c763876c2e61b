/**
 * A voucher row's auxiliary items as the grid holds them: the canonical key of the combination
 * (`TYPE:info` pairs sorted by type, joined with `|`), with a budget line's indicator as a third
 * part (`XMYS:801001:0101`) so it survives editing and is saved back as targetID. Readers of the
 * plain key (parseAuxiKey) read the first two parts and are unaffected.
 */
import type { VoucherAuxi } from '../../shared/api/vouchers.js';
import { auxiKeyOf, parseAuxiKey } from '../../shared/subjects/auxiliary-rules.js';

export interface LineAuxi {
  typeNo: string;
  infoNo: string;
  targetID?: string;
}

export function lineAuxiKey(auxis: readonly { typeNo: string; infoNo: string; targetID?: string | null }[]): string {
  const targets = new Map(auxis.filter((a) => a.targetID).map((a) => [a.typeNo, a.targetID ?? '']));
  if (targets.size === 0) return auxiKeyOf(auxis);
  return auxiKeyOf(auxis)
    .split('|')
    .map((part) => {
      const target = targets.get(part.split(':')[0] ?? '');
      return target ? `${part}:${target}` : part;
    })
    .join('|');
}

export function lineAuxisOf(key: string | null): LineAuxi[] {
  if (!key) return [];
  const targets = new Map(
    key
      .split('|')
      .map((part) => part.split(':'))
      .filter((p) => (p[2] ?? '') !== '')
      .map((p) => [p[0] ?? '', p[2] ?? ''] as const),
  );
  return parseAuxiKey(key).map((c) => {
    const target = targets.get(c.typeNo);
    return target ? { ...c, targetID: target } : { ...c };
  });
}

/** The line's items as the save request sends them. */
export function savedAuxisOf(key: string | null): VoucherAuxi[] {
  return lineAuxisOf(key);
}

/** The key with one type's indicator set (or removed with null). */
export function withTarget(key: string, typeNo: string, targetID: string | null): string {
  return lineAuxiKey(
    lineAuxisOf(key).map((a) =>
      a.typeNo === typeNo ? { typeNo: a.typeNo, infoNo: a.infoNo, targetID: targetID ?? undefined } : a,
    ),
  );
}
