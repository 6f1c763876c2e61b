/**
 * The ledger tables: the tables that hold one ledger set's data, keyed by zt_id. They are what a
 * distributed PostgreSQL (Citus) would shard by zt_id (create_distributed_table on zt_id), so
 * each leads its primary key and every index with zt_id (ledger-layout.test.ts), and every
 * statement the server runs against them filters by one zt_id (zt-routing.ts, checked on every
 * statement of the API test suite by test-support/test-server.ts).
 *
 * The other tables that carry a zt_id column are user-centric or cross-set: they stay reference
 * (or coordinator-local) tables in a Citus layout, read by user or across sets:
 * - department: a unit's departments are named by users (app_user.department_id, a reference
 *   table cannot point into a sharded one) and listed across the managed units in the user center.
 * - zt_platform: which platforms a set has is read for every set a user may open (the menu and
 *   the set list), the platform administration, not the books.
 * - user_zt_level, user_pz_type_right: who may open a set and which voucher categories a user
 *   may use are read by user across all their sets (sign-in, the set list, the user center).
 * - session, access_record, admin_log: logins and logs; zt_id is only the set chosen at that
 *   moment (null before one is chosen), and they are read by user, time or across sets.
 */
import type { Database } from './schema.js';

type TablesWithZtId = {
  [K in keyof Database]: 'zt_id' extends keyof Database[K] ? K : never;
}[keyof Database];

const layout = {
  zt_year: 'ledger',
  subject: 'ledger',
  auxi_type: 'ledger',
  auxi_info: 'ledger',
  subject_auxi_type: 'ledger',
  auxi_opening: 'ledger',
  file_relation: 'ledger',
  certificate_type: 'ledger',
  voucher: 'ledger',
  voucher_line: 'ledger',
  voucher_line_auxi: 'ledger',
  voucher_counter: 'ledger',
  period_close: 'ledger',
  voucher_summary: 'ledger',
  voucher_audit: 'ledger',
  voucher_template: 'ledger',
  voucher_template_line: 'ledger',
  carry_forward_line: 'ledger',
  subject_balance: 'ledger',
  backup: 'ledger',
  funds_unit: 'ledger',
  funds_ratio: 'ledger',
  funds_setting: 'ledger',
  funds_receipt: 'ledger',
  budget_category: 'ledger',
  budget_project: 'ledger',
  budget_adjustment: 'ledger',
  budget_plan: 'ledger',
  budget_plan_event: 'ledger',
  budget_spent: 'ledger',
  budget_indicator: 'ledger',
  transition_state: 'ledger',
  transition_balance: 'ledger',
  transition_split: 'ledger',
  transition_voucher: 'ledger',
  transition_voucher_line: 'ledger',
  transition_snapshot: 'ledger',
  asset_setting: 'ledger',
  asset_category: 'ledger',
  asset_card: 'ledger',
  asset_provision_run: 'ledger',
  asset_provision: 'ledger',
  asset_document: 'ledger',
  asset_document_line: 'ledger',
  long_amortion: 'ledger',
  long_amortion_detail: 'ledger',
  department: 'reference',
  zt_platform: 'reference',
  user_zt_level: 'reference',
  user_pz_type_right: 'reference',
  session: 'reference',
  access_record: 'reference',
  admin_log: 'reference',
} as const satisfies Record<TablesWithZtId, 'ledger' | 'reference'>;

export type LedgerTable = {
  [K in keyof typeof layout]: (typeof layout)[K] extends 'ledger' ? K : never;
}[keyof typeof layout];

/** Every ledger table (one set's data, sharded by zt_id). */
export const LEDGER_TABLES: readonly LedgerTable[] = Object.entries(layout)
  .filter(([, kind]) => kind === 'ledger')
  .map(([table]) => table as LedgerTable);

/** The tables with a zt_id column that are not ledger tables (user-centric or cross-set; see above). */
export const REFERENCE_TABLES_WITH_ZT_ID: readonly string[] = Object.entries(layout)
  .filter(([, kind]) => kind === 'reference')
  .map(([table]) => table);

const ledgerSet = new Set<string>(LEDGER_TABLES);

export function isLedgerTable(name: string): boolean {
  return ledgerSet.has(name);
}
