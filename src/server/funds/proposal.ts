/**
 * The remittance lines the voucher editor proposes for a line crediting 402 with a configured
 * unit's 经费单位 (JFDW) item (issue 20 B8): the amount split by the unit's ratios in force in the
 * voucher's period, each share on its subject (share-subjects.ts: the same rule as the generated
 * vouchers), the lines on a subject linked to JFDW carrying the unit's item.
 * The shares add up to the 402 line's amount, so the voucher stays balanced when they replace it.
 * The collection fee is left out: it changes the bank line the bookkeeper keyed from the
 * statement, which the proposal does not touch.
 */
import { SHARE_KINDS, SHARE_LABELS, RatioMessages, type ShareKind } from '../../shared/funds/ratios.js';
import { splitReceipt } from '../../shared/funds/split.js';
import { refuse } from '../http/app-error.js';
import type { Q } from '../subjects/subject-repository.js';
import { FUNDS_UNIT_AUXI_TYPE, ratioSetOf, ratiosInForce } from './ratio-lookup.js';
import { ratioSubjects, settingSubjects, shareSubjects, standardSubjects } from './share-subjects.js';
import type { AccountingSystem } from '../../shared/api/auth.js';

export interface ProposedLine {
  share: ShareKind;
  shareName: string;
  summary: string;
  subjectCode: string;
  subjectName: string;
  creditFen: number;
  auxis: { typeNo: string; infoNo: string }[];
}

export const ProposalMessages = {
  unknownUnit: (code: string) => `经费单位${code}不存在或未启用`,
  zeroAmount: '402行金额为0，无可分配的经费',
} as const;

export async function proposeRemittance(
  q: Q,
  scope: { ztId: number; year: number; month: number; system: AccountingSystem },
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
  // The fee is not proposed (it changes the bank line), so it needs no subject here.
  const resolved = shareSubjects(
    { ...ratios, collectionFeePpm: 0 },
    {
      ratioRow: ratioSubjects(row),
      setting: settingSubjects(setting),
      standard: standardSubjects(scope.system),
      isLastLevel: (code) => byCode.get(code)?.last_level === 1,
    },
  );
  if (!resolved.ok) refuse('BusinessRule', resolved.message);

  const split = splitReceipt(amountFen, ratios);
  const lines: ProposedLine[] = [];
  for (const kind of SHARE_KINDS) {
    const fen = split.shares[kind];
    if (fen === 0) continue;
    const code = resolved.subjects[kind] ?? '';
    const subject = byCode.get(code);
    if (!subject) throw new Error(`share subject ${code} vanished`);
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
