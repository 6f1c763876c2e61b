/**
 * Funds units of a ledger set written into the server's SQLite file of this run, as the funds
 * accounting page would keep them (that page is another part of issue 20): the 经费 platform
 * opened for the set, the units with their ratios from January, the 经费单位 (JFDW) auxiliary
 * type with an item per unit, linked to the payables 211 and 21202 of the year; and the year's
 * openings marked initialised (a set whose openings are not is sent from voucher entry to 科目期初,
 * and the generated vouchers are to be reviewed there).
 */
import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import { databaseFile, ledgerSetId } from './database.js';

export interface E2eFundsUnit {
  code: string;
  name: string;
  /** Percent of the amount: this level, superior one, lower. */
  retained: number;
  superiorOne: number;
  lower: number;
}

/** Marks the set's openings of the year initialised, as 科目期初 would once they balance (an empty set balances). */
export function markOpeningsInitialised(setName: string, year: number): void {
  const db = new Database(databaseFile(), { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('update zt_year set subjects_initialised = 1 where zt_id = ? and year = ?').run(ledgerSetId(setName), year);
  } finally {
    db.close();
  }
}

export function seedFundsUnits(setName: string, year: number, units: readonly E2eFundsUnit[]): void {
  markOpeningsInitialised(setName, year);
  const ztId = ledgerSetId(setName);
  const db = new Database(databaseFile(), { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.transaction(() => {
      const platform = db.prepare("select id from platform where code = 'funds'").get() as { id: number };
      db.prepare('insert or ignore into zt_platform (zt_id, platform_id) values (?, ?)').run(ztId, platform.id);
      db.prepare(
        "insert or ignore into auxi_type (zt_id, type_no, type_name, built_in_system, enable, sort) values (?, 'JFDW', '经费单位', 0, 1, 90)",
      ).run(ztId);
      for (const code of ['211', '21202']) {
        db.prepare("insert or ignore into subject_auxi_type (zt_id, year, code, type_no) values (?, ?, ?, 'JFDW')").run(
          ztId,
          year,
          code,
        );
      }
      for (const u of units) {
        // Idempotent: a retry (or a second spec) finds the unit it made before.
        const existing = db.prepare('select id from funds_unit where zt_id = ? and code = ?').get(ztId, u.code) as
          { id: string } | undefined;
        if (existing) continue;
        const id = `e2e-${randomBytes(8).toString('hex')}`;
        db.prepare(
          "insert into funds_unit (zt_id, id, kind, code, name, hand, same_level, enable, created_at) values (?, ?, 'lower', ?, ?, 1, 0, 1, ?)",
        ).run(ztId, id, u.code, u.name, Date.now());
        const ppm = (percent: number) => percent * 10_000;
        db.prepare(
          `insert into funds_ratio (zt_id, unit_id, from_year, from_month, base_ppm, retained_ppm, superior_one_ppm, lower_ppm)
           values (?, ?, ?, 1, ?, ?, ?, ?)`,
        ).run(ztId, id, year, ppm(u.retained + u.superiorOne + u.lower), ppm(u.retained), ppm(u.superiorOne), ppm(u.lower));
        db.prepare(
          "insert or ignore into auxi_info (zt_id, type_no, info_no, info_name, parent_no, is_enable) values (?, 'JFDW', ?, ?, null, 1)",
        ).run(ztId, u.code, u.name);
      }
    })();
  } finally {
    db.close();
  }
}

/** Removes a period's receipts of the set (their vouchers stay), so a retried spec starts from an empty grid. */
export function clearFundsReceipts(setName: string, year: number, month: number): void {
  const db = new Database(databaseFile(), { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('delete from funds_receipt where zt_id = ? and year = ? and month = ?').run(ledgerSetId(setName), year, month);
  } finally {
    db.close();
  }
}
