/**
 * Writes the demo books (demo-factory.ts) of 示范市第一机械厂工会 through the product's own services,
 * as the demo users would through the pages, so the numbering, balances, audit trail, close and its
 * backup are exactly what the product writes: auxiliary items and the subjects' auxiliary types,
 * the openings (科目期初), the vouchers keyed by 李会计, reviewed by 王审核, signed by 张出纳 and
 * booked by 李会计, January's carry-forward voucher generated, reviewed and booked, and January
 * closed. 示范市实验中学工会 and 示范市总工会 stay empty, for trying the initialisation.
 *
 * Runs after buildApp, which tells the backups where the data directory is (the close backs up).
 */
import type { SaveVoucherRequest } from '../../shared/api/vouchers.js';
import { chartForSystem, findSubject } from '../../../templates/charts/index.js';
import type { AccountingSystem } from '../../shared/api/auth.js';
import type { Db } from '../db/database.js';
import { saveAuxiInfo } from '../auxiliary/service.js';
import { takeBackup } from '../backup/take-backup.js';
import { closeMonth } from '../close/close-service.js';
import { saveOpenings } from '../subjects/opening-service.js';
import { saveSubject } from '../subjects/subject-service.js';
import { generateCarryForward } from '../templates/carry-forward-generate.js';
import type { Actor } from '../vouchers/audit.js';
import { saveVoucher } from '../vouchers/save-service.js';
import { batchChange, type BatchAction } from '../vouchers/state-service.js';
import type { VoucherTarget } from '../vouchers/voucher-target.js';
import {
  DEMO_LEDGER_YEAR,
  FACTORY_AUXI_ITEMS,
  FACTORY_OPENINGS,
  FACTORY_SUBJECT_AUXI,
  FACTORY_VOUCHERS,
  type DemoVoucher,
} from './demo-factory.js';

/** The ledger set the demo books are written into, by its code in DEMO_SETS. */
export const DEMO_BOOKS_SET = '001001';
/** The month the demo closes. */
export const DEMO_CLOSED_MONTH = 1;

/** What `npm start` tells a newcomer about the demo data on its first start. */
export const DEMO_BOOKS_NOTE =
  '演示数据: 示范市第一机械厂工会 2026年 有期初余额和一季度凭证（1月已结转并结账）；示范市实验中学工会、示范市总工会为空账套，可试科目期初';

const BOOKKEEPING_TYPE = 1; // 记账凭证

async function actorOf(db: Db, loginName: string): Promise<Actor> {
  const user = await db.kysely
    .selectFrom('app_user')
    .select(['id', 'name'])
    .where('login_name', '=', loginName)
    .executeTakeFirstOrThrow();
  return { id: user.id, name: user.name };
}

const monthOf = (date: string) => Number(date.slice(5, 7));

function requestOf(v: DemoVoucher): SaveVoucherRequest {
  const [year, month] = v.date.split('-').map(Number);
  return {
    year: year ?? DEMO_LEDGER_YEAR,
    month: month ?? 1,
    pzDate: v.date,
    certificateType: BOOKKEEPING_TYPE,
    numberOfDocument: v.documents,
    certiDetails: v.lines.map(([subjectCode, debitAmount, creditAmount, auxis = {}]) => ({
      summary: v.summary,
      subjectCode,
      debitAmount,
      creditAmount,
      auxis: Object.entries(auxis).map(([typeNo, infoNo]) => ({ typeNo, infoNo })),
    })),
  };
}

export async function seedDemoLedgers(db: Db): Promise<void> {
  const zt = await db.kysely
    .selectFrom('zt_info')
    .select(['id', 'accounting_system'])
    .where('code', '=', DEMO_BOOKS_SET)
    .executeTakeFirstOrThrow();
  const system = zt.accounting_system as AccountingSystem;
  const year = DEMO_LEDGER_YEAR;
  const scope = { ztId: zt.id, year, system };
  const [accountant, reviewer, cashier] = await Promise.all(['kuaiji', 'shenhe', 'chuna'].map((login) => actorOf(db, login)));
  if (!accountant || !reviewer || !cashier) throw new Error('the demo accounts are not seeded');

  for (const item of FACTORY_AUXI_ITEMS) await saveAuxiInfo(db, zt.id, item);
  const chart = chartForSystem(system);
  for (const { code, types } of FACTORY_SUBJECT_AUXI) {
    const subject = findSubject(chart, code);
    if (!subject) throw new Error(`demo: no subject ${code} in ${chart.id}`);
    await saveSubject(db, scope, { id: code, code, codeName: subject.name, auxiTypeList: [...types] });
  }
  const openings = FACTORY_OPENINGS.map(({ code, fen }, i) => ({ label: `第${i + 1}行`, detail: { code, initAmount: fen } }));
  await saveOpenings(db, scope, openings, false);

  const as = (actor: Actor) => ({ ztId: zt.id, system, actor });
  // The revision each voucher is at, as a user who just saw it would send it.
  const revisions = new Map<string, number>();
  const targetsOf = (ids: string[]): VoucherTarget[] => ids.map((id) => ({ id, revision: revisions.get(id) ?? 1 }));
  const change = async (actor: Actor, ids: string[], action: BatchAction) => {
    if (ids.length === 0) return;
    const { vouchers } = await batchChange(db, as(actor), targetsOf(ids), action);
    for (const v of vouchers) revisions.set(v.id, v.revision);
  };

  const months = [...new Set(FACTORY_VOUCHERS.map((v) => monthOf(v.date)))].sort((a, b) => a - b);
  for (const month of months) {
    const saved: { voucher: DemoVoucher; id: string }[] = [];
    for (const voucher of FACTORY_VOUCHERS.filter((v) => monthOf(v.date) === month)) {
      const { id, revision } = await saveVoucher(db, as(accountant), requestOf(voucher));
      revisions.set(id, revision);
      saved.push({ voucher, id });
    }
    const idsWhere = (keep: (v: DemoVoucher) => boolean) => saved.filter((s) => keep(s.voucher)).map((s) => s.id);
    await change(
      reviewer,
      idsWhere((v) => v.state !== 'entered'),
      'review',
    );
    await change(
      cashier,
      idsWhere((v) => v.signed === true),
      'sign',
    );
    await change(
      accountant,
      idsWhere((v) => v.state === 'booked'),
      'book',
    );
    if (month !== DEMO_CLOSED_MONTH) continue;

    const { result } = await generateCarryForward(db, as(accountant), year, month);
    revisions.set(result.voucher.id, result.voucher.revision);
    const carried = [result.voucher.id];
    await change(reviewer, carried, 'review');
    await change(accountant, carried, 'book');
    // What buildAuthInfo answers for the set (auth-info.ts), as the close route passes it.
    const closeScope = {
      ...scope,
      isZJ: system === 'union-county',
      isCheckCertificateSign: false,
      whetherOpenMonthEndCarryover: false,
      actor: accountant,
    };
    await closeMonth(db, closeScope, { year, month }, async (type, rotate) => {
      return (await takeBackup(db, { ztId: zt.id, actor: accountant }, type, { rotate })).id;
    });
  }
}
