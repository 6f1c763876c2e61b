/** Subject calls (base /account). This issue lists the chart; issue 3 adds editing and opening balances. */
import type { FastifyInstance } from 'fastify';
import { okEnvelope } from '../../shared/envelope.js';
import type { Db } from '../db/database.js';
import type { SubjectRow } from '../db/schema.js';
import { ztOf } from '../auth/guard.js';

export interface SubjectItem {
  id: string;
  code: string;
  codeName: string;
  codeAndFullName: string;
  type: number;
  lastLevel: boolean;
  balanceDirection: number;
  /** Opening balance in integer fen. */
  initAmount: number;
  parentCode: string | null;
  isStandard: boolean;
  isGovernment: boolean;
  level: number;
}

export function toSubjectItems(rows: readonly SubjectRow[]): SubjectItem[] {
  const byCode = new Map(rows.map((r) => [r.code, r]));
  const fullName = (row: SubjectRow): string => {
    const parts = [row.name];
    for (
      let parent = row.parent_code ? byCode.get(row.parent_code) : undefined;
      parent;
      parent = parent.parent_code ? byCode.get(parent.parent_code) : undefined
    ) {
      parts.unshift(parent.name);
    }
    return parts.join('-');
  };
  return rows.map((r) => ({
    id: r.code,
    code: r.code,
    codeName: r.name,
    codeAndFullName: `${r.code} ${fullName(r)}`,
    type: r.type,
    lastLevel: !!r.last_level,
    balanceDirection: r.balance_direction,
    initAmount: r.init_amount,
    parentCode: r.parent_code,
    isStandard: !!r.is_standard,
    isGovernment: !!r.is_budget,
    level: r.level,
  }));
}

export function subjectRoutes(app: FastifyInstance, db: Db): void {
  app.get('/api/subject', { config: { access: 'zt' } }, async (request) => {
    const zt = ztOf(request);
    const rows = await db.kysely
      .selectFrom('subject')
      .selectAll()
      .where('zt_id', '=', zt.id)
      .where('year', '=', zt.year)
      .orderBy('code')
      .execute();
    return okEnvelope(toSubjectItems(rows));
  });
}
