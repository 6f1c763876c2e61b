/**
 * Which tables a backup of a ledger set holds. Every table with a zt_id column is named here,
 * either backed up or left out with the reason: the type below makes a new table of schema.ts
 * with zt_id fail to compile until it is named, and covered-tables.test.ts fails when a migrated
 * database has such a table that is not. BACKED_UP is in foreign-key order (a table after the
 * tables it references), so a restore deletes from the end and inserts from the start.
 */
import type { Database } from '../db/schema.js';

type TablesWithZtId = {
  [K in keyof Database]: 'zt_id' extends keyof Database[K] ? K : never;
}[keyof Database];

const coverage = {
  zt_year: 'backup',
  certificate_type: 'backup',
  subject: 'backup',
  auxi_type: 'backup',
  auxi_info: 'backup',
  subject_auxi_type: 'backup',
  auxi_opening: 'backup',
  voucher: 'backup',
  voucher_line: 'backup',
  voucher_line_auxi: 'backup',
  voucher_counter: 'backup',
  period_close: 'backup',
  voucher_summary: 'backup',
  voucher_audit: 'backup',
  voucher_template: 'backup',
  voucher_template_line: 'backup',
  carry_forward_line: 'backup',
  subject_balance: 'backup',
  file_relation: 'backup',
  funds_unit: 'backup',
  funds_ratio: 'backup',
  funds_setting: 'backup',
  funds_receipt: 'backup',
  budget_category: 'backup',
  budget_project: 'backup',
  budget_adjustment: 'backup',
  budget_plan: 'backup',
  budget_plan_event: 'backup',
  budget_spent: 'backup',
  budget_indicator: 'backup',
  transition_state: 'backup',
  transition_balance: 'backup',
  transition_split: 'backup',
  transition_voucher: 'backup',
  transition_voucher_line: 'backup',
  transition_snapshot: 'backup',
  asset_setting: 'backup',
  asset_category: 'backup',
  asset_card: 'backup',
  asset_provision_run: 'backup',
  asset_provision: 'backup',
  asset_document: 'backup',
  asset_document_line: 'backup',
  long_amortion: 'backup',
  long_amortion_detail: 'backup',
  user_zt_level: 'left out: who may open the set is the platform administration, not the set’s books',
  user_pz_type_right: 'left out: which voucher categories a user may use is the administration of rights, as user_zt_level',
  session: 'left out: logins are not ledger data (and a restore must not end or revive sessions)',
  backup: 'left out: the list of backups survives a restore (the restored backup stays in it)',
  department: 'left out: departments organise the people of a unit (users name them), not the set’s books',
  admin_log: 'left out: the operation log records the administration, and a restore must not rewrite it',
  zt_platform: 'left out: which platforms a set has is the platform administration, as user_zt_level',
  access_record: 'left out: sign-ins are the platform’s record, and a restore must not rewrite them',
} as const satisfies Record<TablesWithZtId, 'backup' | `left out: ${string}`>;

export type BackedUpTable = {
  [K in keyof typeof coverage]: (typeof coverage)[K] extends 'backup' ? K : never;
}[keyof typeof coverage];

/** Backed-up tables in foreign-key order (parents first). */
export const BACKED_UP: readonly BackedUpTable[] = Object.entries(coverage)
  .filter(([, how]) => how === 'backup')
  .map(([table]) => table as BackedUpTable);

export const LEFT_OUT: readonly string[] = Object.entries(coverage)
  .filter(([, how]) => how !== 'backup')
  .map(([table]) => table);
