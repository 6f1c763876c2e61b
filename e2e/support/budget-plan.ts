/**
 * Budget details of a ledger set's year written into the server's SQLite file of this run, as the
 * 项目预算 and 支出分类设置 pages would keep them (those pages are another part of issue 21): the
 * 预算 platform opened for the set, each category and detail an auxiliary item, every amount 0;
 * and the year's plan removed, so the spec starts from a draft (a retried spec too).
 */
import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import { databaseFile, ledgerSetId } from './database.js';

export interface E2eBudgetCategory {
  auxiType: 'XMYS' | 'RYJF' | 'GYJF';
  name: string;
  code: string;
  details: readonly { code: string; name: string }[];
}

const ITEM_TYPE = { XMYS: 'XMYS', RYJF: 'JFHS', GYJF: 'JFHS' } as const;
const CLASS = { XMYS: null, RYJF: '00101', GYJF: '00102' } as const;
const PARENT = { XMYS: null, RYJF: '001001', GYJF: '001002' } as const;

export function seedBudgetDetails(setName: string, year: number, categories: readonly E2eBudgetCategory[]): void {
  const ztId = ledgerSetId(setName);
  const db = new Database(databaseFile(), { fileMustExist: true });
  const id = () => `e2e-${Date.now().toString(36)}-${randomBytes(6).toString('hex')}`;
  try {
    db.pragma('busy_timeout = 5000');
    db.transaction(() => {
      const platform = db.prepare("select id from platform where code = 'budget'").get() as { id: number };
      db.prepare('insert or ignore into zt_platform (zt_id, platform_id) values (?, ?)').run(ztId, platform.id);
      db.prepare('delete from budget_plan where zt_id = ? and year = ?').run(ztId, year);
      db.prepare('delete from budget_plan_event where zt_id = ? and year = ?').run(ztId, year);
      const now = Date.now();
      for (const c of categories) {
        const typeNo = ITEM_TYPE[c.auxiType];
        const old = db
          .prepare('select id from budget_category where zt_id = ? and year = ? and type_name = ?')
          .all(ztId, year, c.name) as {
          id: string;
        }[];
        for (const o of old) {
          db.prepare(
            'delete from budget_adjustment where zt_id = ? and project_id in (select id from budget_project where zt_id = ? and type_id = ?)',
          ).run(ztId, ztId, o.id);
          db.prepare('delete from budget_project where zt_id = ? and type_id = ?').run(ztId, o.id);
          db.prepare('delete from budget_category where zt_id = ? and id = ?').run(ztId, o.id);
        }
        const item = db.prepare(
          'insert or ignore into auxi_info (zt_id, type_no, info_no, info_name, parent_no, is_enable) values (?, ?, ?, ?, ?, 1)',
        );
        item.run(ztId, typeNo, c.code, c.name, PARENT[c.auxiType]);
        const categoryId = id();
        db.prepare(
          'insert into budget_category (zt_id, id, year, auxi_type, type_name, expend_class, type_no, info_no, sort, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, 0, ?)',
        ).run(ztId, categoryId, year, c.auxiType, c.name, CLASS[c.auxiType], typeNo, c.code, now);
        c.details.forEach((d, i) => {
          item.run(ztId, typeNo, d.code, d.name, c.code);
          db.prepare(
            `insert into budget_project (zt_id, id, year, type_id, auxi_type, type_no, info_no, project_name, expend_class,
               amount_before_adjustment, project_amount, subject_codes, control_status, warn_ppm, sort, created_at, updated_at, revision)
             values (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, '', 0, 800000, ?, ?, ?, 1)`,
          ).run(ztId, id(), year, categoryId, c.auxiType, typeNo, d.code, d.name, CLASS[c.auxiType], i, now, now);
        });
      }
    })();
  } finally {
    db.close();
  }
}
