/**
 * Test fixtures for the transition (issue 22): adjustment vouchers written straight into the zero period's tables,
 * and the first year's openings read back as rows, to compare before and after finishing or cancelling.
 */
import type { Db } from '../db/database.js';

export interface AdjustmentLineInput {
  code: string;
  /** Fen. */
  debit?: number;
  credit?: number;
  summary?: string;
  auxiKey?: string;
}

/** A zero-period adjustment voucher (调账凭证, category 10000) numbered `no`, written by kuaiji. */
export async function insertAdjustment(db: Db, ztId: number, no: number, lines: readonly AdjustmentLineInput[]): Promise<void> {
  const user = await db.kysely.selectFrom('app_user').select('id').where('login_name', '=', 'kuaiji').executeTakeFirstOrThrow();
  const id = `adj-${ztId}-${no}`;
  const now = Date.now();
  await db.kysely
    .insertInto('transition_voucher')
    .values({
      zt_id: ztId,
      id,
      pz_no: no,
      pz_date: '2021-12-31',
      certificate_type: 10000,
      prepared_by: '会计',
      created_by: user.id,
      debit_total: lines.reduce((s, l) => s + (l.debit ?? 0), 0),
      credit_total: lines.reduce((s, l) => s + (l.credit ?? 0), 0),
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db.kysely
    .insertInto('transition_voucher_line')
    .values(
      lines.map((l, i) => ({
        zt_id: ztId,
        voucher_id: id,
        line_no: i + 1,
        summary: l.summary ?? '调账',
        subject_code: l.code,
        debit_amount: l.debit ?? 0,
        credit_amount: l.credit ?? 0,
        auxi_key: l.auxiKey ?? '',
      })),
    )
    .execute();
}

export interface OpeningState {
  /** code → [init, cumulative debit, cumulative credit], subjects with an amount only. */
  subjects: Record<string, [number, number, number]>;
  /** 'code|key' → [init, cumulative debit, cumulative credit]. */
  aux: Record<string, [number, number, number]>;
  initialised: number;
  openingSource: string;
  codes: string[];
}

/** Everything of the year that finishing changes and cancelling restores. */
export async function readOpeningState(db: Db, ztId: number, year: number): Promise<OpeningState> {
  const [subjects, aux, row] = await Promise.all([
    db.kysely
      .selectFrom('subject')
      .select(['code', 'init_amount', 'cumule_debit_amount', 'cumule_credit_amount', 'last_level'])
      .where('zt_id', '=', ztId)
      .where('year', '=', year)
      .orderBy('code')
      .execute(),
    db.kysely
      .selectFrom('auxi_opening')
      .selectAll()
      .where('zt_id', '=', ztId)
      .where('year', '=', year)
      .orderBy('code')
      .orderBy('auxi_key')
      .execute(),
    db.kysely
      .selectFrom('zt_year')
      .select(['subjects_initialised', 'opening_source'])
      .where('zt_id', '=', ztId)
      .where('year', '=', year)
      .executeTakeFirstOrThrow(),
  ]);
  const amounts = (r: { init_amount: number; cumule_debit_amount: number; cumule_credit_amount: number }) =>
    [Number(r.init_amount), Number(r.cumule_debit_amount), Number(r.cumule_credit_amount)] as [number, number, number];
  return {
    subjects: Object.fromEntries(subjects.filter((s) => amounts(s).some((a) => a !== 0)).map((s) => [s.code, amounts(s)])),
    aux: Object.fromEntries(aux.map((a) => [`${a.code}|${a.auxi_key}`, amounts(a)])),
    initialised: row.subjects_initialised,
    openingSource: row.opening_source,
    codes: subjects.map((s) => `${s.code}:${s.last_level}`),
  };
}

/** Each subject's opening (init_amount) by code, last-level subjects only, with its side: debit minus credit. */
export async function lastLevelTrial(db: Db, ztId: number, year: number): Promise<{ debit: number; credit: number }> {
  const rows = await db.kysely
    .selectFrom('subject')
    .select(['init_amount', 'balance_direction'])
    .where('zt_id', '=', ztId)
    .where('year', '=', year)
    .where('last_level', '=', 1)
    .execute();
  let debit = 0;
  let credit = 0;
  for (const r of rows) {
    const signed = r.balance_direction === 1 ? Number(r.init_amount) : -Number(r.init_amount);
    if (signed >= 0) debit += signed;
    else credit -= signed;
  }
  return { debit, credit };
}
