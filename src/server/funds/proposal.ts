/**
 * The remittance lines the voucher editor proposes for a line crediting 402 with a configured
 * unit's 经费单位 (JFDW) item (issue 20 B8): the amount split by the unit's ratios in force in the
 * voucher's period, each share on its subject (the ratio row's, else the set's default from
 * funds_setting, else retained → 402, superior → 211, lower → 212 / 21202, each the first
 * last-level subject under it), the lines on a subject linked to JFDW carrying the unit's item.
 * The shares add up to the 402 line's amount, so the voucher stays balanced when they replace it.
 * The collection fee is left out: it changes the bank line the bookkeeper keyed from the
 * statement, which the proposal does not touch.
 */
import { SHARE_KINDS, SHARE_LABELS, RatioMessages, type ShareKind } from '../../shared/funds/ratios.js';
import { splitReceipt } from '../../shared/funds/split.js';
import { refuse } from '../http/app-error.js';
import type { Q } from '../subjects/subject-repository.js';
import { FUNDS_UNIT_AUXI_TYPE, ratioSetOf, ratiosInForce, SUBJECT_COLUMN } from './ratio-lookup.js';

export interface ProposedLine {
  share: ShareKind;
  shareName: string;
  summary: string;
  subjectCode: string;
  subjectName: string;
  creditFen: number;
  auxis: { typeNo: string; infoNo: string }[];
}

type SettingColumn = 'retained_subject' | 'superior_subject' | 'lower_subject' | 'preparatory_subject' | 'small_business_subject';

const SETTING_COLUMN: Record<ShareKind, SettingColumn> = {
  retained: 'retained_subject',
  superiorOne: 'superior_subject',
  superiorTwo: 'superior_subject',
  lower: 'lower_subject',
  preparatory: 'preparatory_subject',
  smallBusiness: 'small_business_subject',
};

/** The chart's subject a share falls back to: its root, or this child of it where the chart has one. */
const FALLBACK: Partial<Record<ShareKind, { root: string; prefer?: string }>> = {
  retained: { root: '402' },
  superiorOne: { root: '211' },
  superiorTwo: { root: '211' },
  lower: { root: '212', prefer: '21202' },
};

export const ProposalMessages = {
  unknownUnit: (code: string) => `经费单位${code}不存在或未启用`,
  zeroAmount: '402行金额为0，无可分配的经费',
  noSubject: (share: string) => `${share}没有配置科目，无法生成分配行，请在上下级经费核算中设置`,
  notLeaf: (share: string, code: string) => `${share}的科目${code}不是本年度会计科目中的末级科目，请核实`,
} as const;

export async function proposeRemittance(
  q: Q,
  scope: { ztId: number; year: number; month: number },
  unitCode: string,
  amountFen: number,
  summary: string,
): Promise<{ unitCode: string; unitName: string; lines: ProposedLine[] }> {
  const { ztId, year, month } = scope;
  const unit = await q
    .selectFrom('funds_unit')
    .select(['id', 'code', 'name'])
    .where('zt_id', '=', ztId)
    .where('code', '=', unitCode)
    .where('enable', '=', 1)
    .executeTakeFirst();
  if (!unit) refuse('NotFound', ProposalMessages.unknownUnit(unitCode));
  if (amountFen === 0) refuse('BusinessRule', ProposalMessages.zeroAmount);
  const row = (await ratiosInForce(q, ztId, [unit.id], year, month)).get(unit.id);
  const ratios = row ? ratioSetOf(row) : null;
  if (!row || !ratios) refuse('BusinessRule', RatioMessages.notConfigured);

  const [setting, subjects, linked] = await Promise.all([
    q.selectFrom('funds_setting').selectAll().where('zt_id', '=', ztId).executeTakeFirst(),
    q
      .selectFrom('subject')
      .select(['code', 'name', 'last_level'])
      .where('zt_id', '=', ztId)
      .where('year', '=', year)
      .orderBy('code')
      .execute(),
    q
      .selectFrom('subject_auxi_type')
      .select('code')
      .where('zt_id', '=', ztId)
      .where('year', '=', year)
      .where('type_no', '=', FUNDS_UNIT_AUXI_TYPE.typeNo)
      .execute(),
  ]);
  const byCode = new Map(subjects.map((s) => [s.code, s]));
  const withUnit = new Set(linked.map((l) => l.code));
  const firstLeafUnder = (root: string) =>
    byCode.get(root)?.last_level === 1 ? root : subjects.find((s) => s.last_level === 1 && s.code.startsWith(root))?.code;

  const subjectOf = (kind: ShareKind): string => {
    const configured = (row[SUBJECT_COLUMN[kind]] as string | null) ?? setting?.[SETTING_COLUMN[kind]] ?? null;
    if (configured) return configured;
    const fallback = FALLBACK[kind];
    const code = fallback
      ? ((fallback.prefer && byCode.get(fallback.prefer) ? fallback.prefer : undefined) ?? firstLeafUnder(fallback.root))
      : undefined;
    if (!code) refuse('BusinessRule', ProposalMessages.noSubject(SHARE_LABELS[kind]));
    return code;
  };

  const split = splitReceipt(amountFen, ratios);
  const lines: ProposedLine[] = [];
  for (const kind of SHARE_KINDS) {
    const fen = split.shares[kind];
    if (fen === 0) continue;
    const code = subjectOf(kind);
    const subject = byCode.get(code);
    if (subject?.last_level !== 1) refuse('BusinessRule', ProposalMessages.notLeaf(SHARE_LABELS[kind], code));
    lines.push({
      share: kind,
      shareName: SHARE_LABELS[kind],
      summary,
      subjectCode: code,
      subjectName: subject.name,
      creditFen: fen,
      auxis: withUnit.has(code) ? [{ typeNo: FUNDS_UNIT_AUXI_TYPE.typeNo, infoNo: unit.code }] : [],
    });
  }
  return { unitCode: unit.code, unitName: unit.name, lines };
}
