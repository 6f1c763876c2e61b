/**
 * Kysely table types. Flags are integers 0/1 and times are epoch milliseconds on both SQLite and
 * PostgreSQL, so one schema and one set of migrations serve both. Money columns are integer fen
 * (SQLite INTEGER, PostgreSQL BIGINT). Every ledger table leads with zt_id (the ledger-set id),
 * the distribution column of a sharded PostgreSQL deployment.
 */
import type { Generated, Insertable, Selectable } from 'kysely';

export interface AppUserTable {
  id: Generated<number>;
  login_name: string;
  name: string;
  password_hash: string;
  is_admin: number;
  enable: number;
  must_change_password: number;
  password_changed_at: number;
  created_at: number;
  /** The unit (ledger set) the person works for; null for a super administrator (migration 0022). */
  home_zt_id: Generated<number | null>;
  phone: Generated<string>;
  user_type_id: Generated<number | null>;
  department_id: Generated<number | null>;
}

/** Kinds of user, one list for the installation (migration 0022). */
export interface UserTypeTable {
  id: Generated<number>;
  name: string;
  remark: Generated<string>;
  sort: Generated<number>;
  created_at: number;
}

/** Departments, each of one unit (migration 0022). */
export interface DepartmentTable {
  id: Generated<number>;
  zt_id: number;
  name: string;
  remark: Generated<string>;
  sort: Generated<number>;
  created_at: number;
}

export interface UserLevelTable {
  id: Generated<number>;
  code: string;
  name: string;
  /** JSON: [{ href, resourceList }] granted to this level. */
  resources: string;
  sort: number;
  enable: number;
  /** The set whose subtree administrator owns the role; null: a role of the whole installation (migration 0023). */
  owner_zt_id: Generated<number | null>;
  /** 推荐角色: listed first when granting. */
  is_recommend: Generated<number>;
  remark: Generated<string>;
}

export interface ZtInfoTable {
  id: Generated<number>;
  name: string;
  code: string;
  expire_time: string | null;
  level: number;
  enable: number;
  is_improve_unit: number;
  is_asset_check: number;
  upper_id: number | null;
  accounting_system: string;
  created_at: number;
  /** 本地打印 (migration 0020). */
  save_localization_print: Generated<number>;
}

export interface ZtYearTable {
  zt_id: number;
  year: number;
  account_month: number;
  subjects_initialised: number;
  /** First month kept in this system in that year: above 1 the set starts mid-year (cumulative amounts). */
  start_month: Generated<number>;
  /** '' undecided, 'carried' or 'manual' (migration 0010). */
  opening_source: Generated<string>;
}

export interface UserZtLevelTable {
  user_id: number;
  zt_id: number;
  user_level_id: number;
}

/** A voucher category a user may use in a set; no row for the user and set: every category (migration 0023). */
export interface UserPzTypeRightTable {
  user_id: number;
  zt_id: number;
  certificate_type: number;
}

export interface SessionTable {
  token_hash: string;
  user_id: number;
  sign_key: string;
  created_at: number;
  last_seen_at: number;
  zt_id: number | null;
  year: number | null;
  revoked_at: number | null;
  revoke_reason: string | null;
  address: string;
}

export interface CaptchaTable {
  captcha_key: string;
  answer: string;
  created_at: number;
  expires_at: number;
}

/** Sign-in attempts taken per account or address (migration 0013); see auth/login-throttle.ts. */
export interface LoginThrottleTable {
  scope: 'account' | 'address';
  throttle_key: string;
  attempts: number;
  last_at: number;
}

/** Nonces of accepted signed calls until their timestamp expires; see auth/nonce-store.ts. */
export interface UsedNonceTable {
  token_hash: string;
  nonce: string;
  expires_at: number;
}

export interface MenuTable {
  id: number;
  parent_id: number | null;
  href: string;
  title_name: string;
  icon: string | null;
  sort: number;
  enable: number;
  /** JSON list of the page's button permissions. */
  buttons: string;
  admin_only: number;
}

export interface SubjectTable {
  zt_id: number;
  year: number;
  code: string;
  name: string;
  parent_code: string | null;
  level: number;
  type: number;
  balance_direction: number;
  is_budget: number;
  last_level: number;
  is_standard: number;
  /** Opening balance in fen, in the subject's balance direction. */
  init_amount: number;
  enable: Generated<number>;
  /** Debit and credit turnover of the year before the start month, in fen (a mid-year start). */
  cumule_debit_amount: Generated<number>;
  cumule_credit_amount: Generated<number>;
}

export interface AuxiTypeTable {
  zt_id: number;
  type_no: string;
  type_name: string;
  built_in_system: number;
  enable: number;
  sort: number;
}

export interface AuxiInfoTable {
  zt_id: number;
  type_no: string;
  /** At most 20 characters; a sub-item's code is its parent's plus 3 digits. */
  info_no: string;
  info_name: string;
  parent_no: string | null;
  is_enable: number;
}

export interface SubjectAuxiTypeTable {
  zt_id: number;
  year: number;
  code: string;
  type_no: string;
}

export interface AuxiOpeningTable {
  zt_id: number;
  year: number;
  code: string;
  /** Canonical key of the combination (auxiKeyOf): `TYPE:info` pairs sorted by type, joined with `|`. */
  auxi_key: string;
  init_amount: number;
  cumule_debit_amount: number;
  cumule_credit_amount: number;
}

export interface FileRelationTable {
  zt_id: number;
  /** Random 32 hex digits: also the file's name on disk. */
  file_id: string;
  /** The user's file name, shown and used in Content-Disposition only. */
  name: string;
  file_suffix: string;
  content_type: string;
  size: number;
  sha256: string;
  file_source: Generated<string>;
  /** The voucher's id (as the API spells it); null until attached. */
  voucher_id: string | null;
  created_by: number;
  created_at: number;
}

export interface CertificateTypeTable {
  zt_id: number;
  value: number;
  name: string;
  /** Voucher word (记, 收, 付, 转, 调). */
  entry: string;
  sort: number;
}

export interface VoucherTable {
  zt_id: number;
  /** Text id allocated by the server (no global sequence). */
  id: string;
  year: number;
  month: number;
  certificate_type: number;
  /** Gapless per (zt_id, year, month, certificate_type), see vouchers/numbering.ts. */
  pz_no: number;
  pz_date: string;
  number_of_document: number;
  financial_officer: string;
  bookkeeper: string;
  cashier: string;
  prepared_by: string;
  /** User id of whoever created the voucher. */
  created_by: number;
  reviewer: string;
  is_review: number;
  is_book: number;
  is_cashier_signed: number;
  debit_total: number;
  credit_total: number;
  created_at: number;
  updated_at: number;
  /** 0 ordinary, 1 month-end carry-forward, 2 year-end carry-forward (migration 0007). */
  carry_over: Generated<number>;
  /** 1 when written, one more with every change; a changing call must send the one it saw (migration 0012). */
  revision: Generated<number>;
}

export interface VoucherLineTable {
  zt_id: number;
  voucher_id: string;
  /** 1-based. */
  line_no: number;
  id: string;
  year: number;
  month: number;
  summary: string;
  subject_code: string;
  /** Fen; 0 on the other side. */
  debit_amount: number;
  credit_amount: number;
}

export interface VoucherLineAuxiTable {
  zt_id: number;
  voucher_id: string;
  line_no: number;
  type_no: string;
  info_no: string;
  /** The budget indicator (budget_indicator.code) chosen on the line's project item (migration 0033). */
  target_id: Generated<string | null>;
}

export interface VoucherCounterTable {
  zt_id: number;
  year: number;
  month: number;
  certificate_type: number;
  last_no: number;
}

export interface PeriodCloseTable {
  zt_id: number;
  year: number;
  month: number;
  closed_at: number;
  /** User id. */
  closed_by: number;
}

export interface VoucherSummaryTable {
  zt_id: number;
  id: number;
  content: string;
}

export interface VoucherAuditTable {
  zt_id: number;
  voucher_id: string;
  /** 1-based per voucher. */
  seq: number;
  action: string;
  user_id: number;
  user_name: string;
  at: number;
  /** JSON of the answered Voucher, or null. */
  before_json: string | null;
  after_json: string | null;
}

/** Sign-ins, set choices, sign-outs and session ends (logs/access-record.ts). */
export interface AccessRecordTable {
  id: Generated<number>;
  at: number;
  /** 'login' | 'select' | 'logout' | 'session_end' */
  kind: string;
  login_name: string;
  user_id: number | null;
  address: string;
  zt_id: number | null;
  success: number;
  reason: string;
  user_agent: string;
}

/** A ledger-set template (migration 0021, zt/templates): what a configured set adds to its standard chart, as JSON. */
export interface ZtTemplateTable {
  id: Generated<number>;
  name: string;
  accounting_system: string;
  memo: Generated<string>;
  source_code: string;
  source_name: string;
  source_year: number;
  content: string;
  created_by: string;
  created_at: number;
}

export interface VoucherTemplateTable {
  zt_id: number;
  id: string;
  name: string;
  policy_basis: string;
  memo: Generated<string>;
  template_type: number;
  template_sort: Generated<number>;
  is_month: Generated<number>;
  /** Carry-forward templates (migration 0008): the voucher lines' summary, the 转出金额 amount type. */
  summary: Generated<string>;
  carry_over_amount_type: Generated<number>;
  /** An edited built-in carry-forward template's id: this copy replaces it. */
  replaces_built_in: string | null;
  created_by: number;
  created_at: number;
  updated_at: number;
}

export interface VoucherTemplateLineTable {
  zt_id: number;
  template_id: string;
  line_no: number;
  summary: string;
  subject_code: string | null;
  /** Fen; null leaves the amount to the bookkeeper. */
  debit_amount: number | null;
  credit_amount: number | null;
  /** JSON [{ typeNo, infoNo }]. */
  auxis: Generated<string>;
}

/** A row of a carry-forward template (migration 0008). */
export interface CarryForwardLineTable {
  zt_id: number;
  template_id: string;
  line_no: number;
  subject_code: string;
  /** JSON [{ typeNo, infoNo }]: narrows the carry-out subject. */
  auxis: Generated<string>;
  carry_over_amount_type: number;
  into_subject_code: string;
  /** JSON [{ typeNo, infoNo }] of the carry-in line. */
  into_auxis: Generated<string>;
}

export interface SubjectBalanceTable {
  zt_id: number;
  year: number;
  month: number;
  subject_code: string;
  /** auxiKeyOf() of the line's items; '' without auxiliary accounting. */
  auxi_key: string;
  /** Fen: turnover of every voucher, and of booked vouchers only. */
  debit_all: number;
  credit_all: number;
  debit_booked: number;
  credit_booked: number;
}

/** Migration 0009: one cloud backup of a ledger set (src/server/backup). */
export interface BackupTable {
  zt_id: number;
  id: string;
  /** Spec backup type 40-46. */
  type: number;
  /** Name of the file in DATA_DIR/backups/<zt_id>/. */
  file_name: string;
  size: number;
  sha256: string;
  row_count: number;
  attachment_count: number;
  created_by: number;
  created_by_name: string;
  created_at: number;
  verified_ok: number | null;
  verified_at: number | null;
}

/** Migration 0026: a platform (平台管理), a business module holding top-level menu groups. */
export interface PlatformTable {
  id: Generated<number>;
  code: string;
  name: string;
  sort: number;
  enable: number;
  is_recommend: number;
}

/** Migration 0026: the top-level menu group (by href) a platform holds; one platform per group. */
export interface PlatformMenuTable {
  platform_id: number;
  menu_href: string;
}

/** Migration 0026: the platforms a ledger set has. */
export interface ZtPlatformTable {
  zt_id: number;
  platform_id: number;
}

/** The user center's operation log (admin/audit.ts). */
export interface AdminLogTable {
  id: Generated<number>;
  at: number;
  user_id: number | null;
  login_name: string;
  address: string;
  zt_id: number | null;
  action: string;
  target: string;
  target_id: string | null;
  summary: string;
  before_json: string | null;
  after_json: string | null;
}

/** A button key of the menu catalogue with its name (权限管理, migration 0025); disabled: held by nobody. */
export interface PermissionTable {
  id: Generated<number>;
  code: string;
  name: string;
  remark: Generated<string>;
  enable: Generated<number>;
  sort: Generated<number>;
}

/** A named bundle of pages and buttons applied to roles (权限组, migration 0025). */
export interface PermissionGroupTable {
  id: Generated<number>;
  name: string;
  remark: Generated<string>;
  enable: Generated<number>;
  sort: Generated<number>;
  /** JSON: [{ href, resourceList }], as a role's resources. */
  resources: Generated<string>;
}

/** A page's button switched off in the whole installation (全局按钮权限, migration 0025). */
export interface GlobalButtonOffTable {
  href: string;
  button: string;
}

/** A unit whose union funds reach the set (migration 0030): a funding organisation or a lower unit. */
export interface FundsUnitTable {
  zt_id: number;
  id: string;
  /** 'org' (县级以上 funding organisation) or 'lower' (funds accounting unit). */
  kind: string;
  /** Also the unit's 经费单位 (JFDW) auxiliary item code: at most 20 characters. */
  code: string;
  name: string;
  lower_zt_id: number | null;
  hand: Generated<number>;
  same_level: Generated<number>;
  funding_type: number | null;
  tax_id: string | null;
  ceo: string | null;
  cfo: string | null;
  phone: string | null;
  zip: string | null;
  address: string | null;
  number_of_units: number | null;
  /** The expenditure type of a funding organisation (0032): a leaf code of EXPENDITURE_TYPES, or null. */
  expenditure_type: string | null;
  enable: Generated<number>;
  created_at: number;
}

/** A unit's ratios from a period on; ratios in parts per million of the whole (60% = 600000). */
export interface FundsRatioTable {
  zt_id: number;
  unit_id: string;
  from_year: number;
  from_month: number;
  base_ppm: number;
  retained_ppm: Generated<number>;
  superior_one_ppm: Generated<number>;
  superior_two_ppm: Generated<number>;
  lower_ppm: Generated<number>;
  preparatory_ppm: Generated<number>;
  small_business_ppm: Generated<number>;
  collection_fee_ppm: Generated<number>;
  lower_retention_ppm: number | null;
  retained_subject: string | null;
  superior_one_subject: string | null;
  superior_two_subject: string | null;
  lower_subject: string | null;
  preparatory_subject: string | null;
  small_business_subject: string | null;
  collection_fee_subject: string | null;
  /** Fen. */
  payable_of_the_year_amount: number | null;
  annual_the_year_amount: number | null;
}

/** The set's default subject for each share (null: none configured). */
export interface FundsSettingTable {
  zt_id: number;
  retained_subject: string | null;
  superior_subject: string | null;
  lower_subject: string | null;
  preparatory_subject: string | null;
  small_business_subject: string | null;
  collection_fee_subject: string | null;
}

/** A row of the funds-entry grid: one receipt; amounts in fen; the shares once its voucher exists. */
export interface FundsReceiptTable {
  zt_id: number;
  id: string;
  year: number;
  month: number;
  row_no: number;
  unit_id: string;
  amount: number;
  bank_code: string;
  /** YYYY-MM-DD. */
  paid_on: string;
  summary: string | null;
  retained_amount: number | null;
  superior_one_amount: number | null;
  superior_two_amount: number | null;
  lower_amount: number | null;
  preparatory_amount: number | null;
  small_business_amount: number | null;
  collection_fee_amount: number | null;
  voucher_id: string | null;
  created_by: number;
  created_at: number;
}

/** Budgets (issue 21, migration 0033): amounts in fen, ratios in parts per million. */
export interface BudgetCategoryTable {
  zt_id: number;
  id: string;
  year: number;
  /** XMYS / XMZC (project budgets) or JBZC / RYJF / GYJF (expenditure classes). */
  auxi_type: string;
  type_name: string;
  /** 001 / 00101 / 00102 / 002; null for a project-budget category. */
  expend_class: string | null;
  /** The category's auxiliary item: the parent of its details' items. */
  type_no: string;
  info_no: string;
  sort: Generated<number>;
  created_at: number;
}

export interface BudgetProjectTable {
  zt_id: number;
  id: string;
  year: number;
  /** budget_category.id. */
  type_id: string;
  auxi_type: string;
  /** The auxiliary item a voucher line carries to spend from this budget (a leaf). */
  type_no: string;
  info_no: string;
  project_name: string;
  expend_class: string | null;
  /** Opening budget (调整前预算), fen. */
  amount_before_adjustment: Generated<number>;
  /** Adjusted budget (调整后预算), fen: what control and execution compare against. */
  project_amount: Generated<number>;
  /** Comma-joined expense subject codes; '' = every expense subject of the set's side. */
  subject_codes: Generated<string>;
  /** 0 none, 2 warn, 3 forbid (spec constants). */
  control_status: Generated<number>;
  /** 支出预警 warns from this execution ratio on (ppm). */
  warn_ppm: Generated<number>;
  sort: Generated<number>;
  created_at: number;
  updated_at: number;
  revision: Generated<number>;
}

export interface BudgetAdjustmentTable {
  zt_id: number;
  project_id: string;
  seq: number;
  before_amount: number;
  after_amount: number;
  reason: string;
  user_id: number;
  user_name: string;
  at: number;
}

export interface BudgetPlanTable {
  zt_id: number;
  year: number;
  /** draft, submitted, approved, returned (src/shared/budget/plan-states.ts). */
  status: string;
  reason: string | null;
  revision: Generated<number>;
  updated_at: number;
}

export interface BudgetPlanEventTable {
  zt_id: number;
  year: number;
  seq: number;
  action: string;
  reason: string | null;
  user_id: number;
  user_name: string;
  at: number;
}

/** Debit less credit, fen, of the year's lines carrying the item on the subject (carry-forwards left out). */
export interface BudgetSpentTable {
  zt_id: number;
  year: number;
  type_no: string;
  info_no: string;
  subject_code: string;
  amount: number;
}

export interface BudgetIndicatorTable {
  zt_id: number;
  project_id: string;
  code: string;
  name: string;
  parent_code: string | null;
  amount: Generated<number>;
}

/** Assets (issue 23, migration 0036): amounts in fen. */
export interface AssetSettingTable {
  zt_id: number;
  init_done: Generated<number>;
  init_year: number;
  init_month: Generated<number>;
  init_at: number | null;
  init_by: number | null;
  /** Spec isProvision: the 2022 catch-up accrual of the cards keyed at initialisation is done (or declined). */
  is_provision: Generated<number>;
  provision_voucher_id: string | null;
  updated_at: number;
  revision: Generated<number>;
}

export interface AssetCategoryTable {
  zt_id: number;
  id: number;
  parent_id: number | null;
  asset_class: number;
  code: string;
  name: string;
  life_months: Generated<number>;
  depreciates: Generated<number>;
  builtin: Generated<number>;
  sort: Generated<number>;
}

export interface AssetCardTable {
  zt_id: number;
  id: string;
  card_no: string;
  asset_class: number;
  category_id: number;
  name: string;
  spec: Generated<string>;
  unit: Generated<string>;
  quantity: Generated<number>;
  original_value: number;
  init_depreciation: Generated<number>;
  accumulated_depreciation: Generated<number>;
  issued_quantity: Generated<number>;
  issued_value: Generated<number>;
  life_months: Generated<number>;
  activation_date: string;
  purchasing_method: Generated<number>;
  department_id: number | null;
  nature: Generated<number>;
  usage: Generated<number>;
  keeper: Generated<string>;
  is_init: Generated<number>;
  is_review: Generated<number>;
  reviewed_by: string | null;
  voucher_id: string | null;
  left_year: number | null;
  left_month: number | null;
  remark: Generated<string>;
  created_by: number;
  created_at: number;
  updated_at: number;
  revision: Generated<number>;
}

export interface AssetProvisionRunTable {
  zt_id: number;
  asset_class: number;
  year: number;
  month: number;
  card_count: number;
  total: number;
  created_by: number;
  created_at: number;
}

export interface AssetProvisionTable {
  zt_id: number;
  asset_class: number;
  year: number;
  month: number;
  card_id: string;
  amount: number;
  voucher_id: string | null;
  card_no: Generated<string>;
  original_value: Generated<number>;
  /** The card's accumulated depreciation after this month. */
  cumulative: Generated<number>;
}

export interface AssetDocumentTable {
  zt_id: number;
  id: string;
  document_no: string;
  asset_class: number;
  /** shared/assets/constants.ts DocumentKind: 1 disposal, 2 inventory issue. */
  kind: number;
  year: number;
  month: number;
  doc_date: string;
  dispose_type: Generated<number>;
  dispose_amount: Generated<number>;
  dispose_cost: Generated<number>;
  remark: Generated<string>;
  voucher_id: string | null;
  created_by: number;
  created_at: number;
  updated_at: number;
  revision: Generated<number>;
}

export interface AssetDocumentLineTable {
  zt_id: number;
  document_id: string;
  card_id: string;
  quantity: Generated<number>;
  original_amount: number;
  cumulative_amount: Generated<number>;
  residual_amount: Generated<number>;
}

export interface LongAmortionTable {
  zt_id: number;
  id: string;
  matter: string;
  department_id: number | null;
  pay_out_amount: number;
  pay_out_date: string;
  life_months: number;
  init_amortized: Generated<number>;
  amortized_total: Generated<number>;
  is_init: Generated<number>;
  is_review: Generated<number>;
  reviewed_by: string | null;
  voucher_id: string | null;
  remark: Generated<string>;
  created_by: number;
  created_at: number;
  updated_at: number;
  revision: Generated<number>;
}

export interface LongAmortionDetailTable {
  zt_id: number;
  year: number;
  month: number;
  item_id: string;
  amount: number;
  voucher_id: string | null;
}

/** The old-to-new transition (issue 22, migration 0035): amounts in fen, each in its subject's direction. */
export interface TransitionStateTable {
  zt_id: number;
  /** The first year on the new system. */
  year: number;
  /** 'grassroots' or 'county': which rows of the mapping apply. */
  level: string;
  figures_saved: Generated<number>;
  reconciled: Generated<number>;
  reconciled_at: number | null;
  reconciled_by: number | null;
  /** zt_year.subjects_initialised and opening_source before finishing, restored by cancelling. */
  prev_initialised: Generated<number>;
  prev_opening_source: Generated<string>;
  updated_at: number;
  revision: Generated<number>;
}

export interface TransitionBalanceTable {
  zt_id: number;
  /** A last-level code of the 2009 chart. */
  code: string;
  amount: number;
}

export interface TransitionSplitTable {
  zt_id: number;
  /** templates/transition part key. */
  part_key: string;
  amount: Generated<number>;
  /** A detail of the part's default target the user chose; null keeps the default. */
  new_code: string | null;
}

export interface TransitionVoucherTable {
  zt_id: number;
  id: string;
  pz_no: number;
  pz_date: string;
  certificate_type: number;
  number_of_document: Generated<number>;
  prepared_by: string;
  created_by: number;
  debit_total: number;
  credit_total: number;
  created_at: number;
  updated_at: number;
  revision: Generated<number>;
}

export interface TransitionVoucherLineTable {
  zt_id: number;
  voucher_id: string;
  line_no: number;
  summary: string;
  subject_code: string;
  debit_amount: number;
  credit_amount: number;
  /** auxiKeyOf() of the line's items; '' without. */
  auxi_key: Generated<string>;
}

export interface TransitionSnapshotTable {
  zt_id: number;
  code: string;
  auxi_key: string;
  init_amount: number;
  cumule_debit_amount: number;
  cumule_credit_amount: number;
  /** 1: a subject the finish added to the chart (from the county chart), removed by cancelling. */
  added: Generated<number>;
}

export interface Database {
  app_user: AppUserTable;
  user_level: UserLevelTable;
  zt_info: ZtInfoTable;
  zt_year: ZtYearTable;
  user_zt_level: UserZtLevelTable;
  user_pz_type_right: UserPzTypeRightTable;
  session: SessionTable;
  captcha: CaptchaTable;
  login_throttle: LoginThrottleTable;
  used_nonce: UsedNonceTable;
  menu: MenuTable;
  subject: SubjectTable;
  auxi_type: AuxiTypeTable;
  auxi_info: AuxiInfoTable;
  subject_auxi_type: SubjectAuxiTypeTable;
  auxi_opening: AuxiOpeningTable;
  file_relation: FileRelationTable;
  certificate_type: CertificateTypeTable;
  voucher: VoucherTable;
  voucher_line: VoucherLineTable;
  voucher_line_auxi: VoucherLineAuxiTable;
  voucher_counter: VoucherCounterTable;
  period_close: PeriodCloseTable;
  voucher_summary: VoucherSummaryTable;
  voucher_audit: VoucherAuditTable;
  voucher_template: VoucherTemplateTable;
  voucher_template_line: VoucherTemplateLineTable;
  carry_forward_line: CarryForwardLineTable;
  subject_balance: SubjectBalanceTable;
  backup: BackupTable;
  admin_log: AdminLogTable;
  access_record: AccessRecordTable;
  zt_template: ZtTemplateTable;
  user_type: UserTypeTable;
  department: DepartmentTable;
  permission: PermissionTable;
  permission_group: PermissionGroupTable;
  global_button_off: GlobalButtonOffTable;
  funds_unit: FundsUnitTable;
  funds_ratio: FundsRatioTable;
  funds_setting: FundsSettingTable;
  funds_receipt: FundsReceiptTable;
  budget_category: BudgetCategoryTable;
  budget_project: BudgetProjectTable;
  budget_adjustment: BudgetAdjustmentTable;
  budget_plan: BudgetPlanTable;
  budget_plan_event: BudgetPlanEventTable;
  budget_spent: BudgetSpentTable;
  budget_indicator: BudgetIndicatorTable;
  transition_state: TransitionStateTable;
  transition_balance: TransitionBalanceTable;
  transition_split: TransitionSplitTable;
  transition_voucher: TransitionVoucherTable;
  transition_voucher_line: TransitionVoucherLineTable;
  transition_snapshot: TransitionSnapshotTable;
  asset_setting: AssetSettingTable;
  asset_category: AssetCategoryTable;
  asset_card: AssetCardTable;
  asset_provision_run: AssetProvisionRunTable;
  asset_provision: AssetProvisionTable;
  asset_document: AssetDocumentTable;
  asset_document_line: AssetDocumentLineTable;
  long_amortion: LongAmortionTable;
  long_amortion_detail: LongAmortionDetailTable;
  platform: PlatformTable;
  platform_menu: PlatformMenuTable;
  zt_platform: ZtPlatformTable;
}

/** What every call's guard reads of its user (auth/sessions.ts); the directory's columns are the user center's. */
export type AppUser = Omit<Selectable<AppUserTable>, 'home_zt_id' | 'phone' | 'user_type_id' | 'department_id'>;
export type AppUserRow = Selectable<AppUserTable>;
export type Session = Selectable<SessionTable>;
export type ZtInfoRow = Selectable<ZtInfoTable>;
export type UserLevel = Selectable<UserLevelTable>;
export type MenuRow = Selectable<MenuTable>;
export type SubjectRow = Selectable<SubjectTable>;
export type NewSubject = Insertable<SubjectTable>;
export type AuxiTypeRow = Selectable<AuxiTypeTable>;
export type AuxiInfoRow = Selectable<AuxiInfoTable>;
export type AuxiOpeningRow = Selectable<AuxiOpeningTable>;
export type FileRelationRow = Selectable<FileRelationTable>;
export type VoucherRow = Selectable<VoucherTable>;
export type VoucherLineRow = Selectable<VoucherLineTable>;
export type VoucherLineAuxiRow = Selectable<VoucherLineAuxiTable>;
export type BackupRow = Selectable<BackupTable>;
