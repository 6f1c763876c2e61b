/**
 * The pages of the menu catalogue (admin/menu-catalogue.ts) that the routes name in their rights
 * (auth/route-rights.ts), and the groups of pages that read the same data.
 *
 * A read is allowed to a user who holds any page whose screen makes the call: the client's menus
 * and buttons come from the same grants, so a role reads through the API what its pages show and
 * nothing else. A group below lists the pages whose screens (with their dialogs: pickers, voucher
 * preview, attachments) use the calls; a test walks every declared page against the catalogue.
 */
export const Page = {
  voucherAdd: '/accounting-management/voucher-management/voucherAdd',
  voucherList: '/accounting-management/voucher-management/voucherList',
  carryForward: '/accounting-management/voucher-management/carryForward',
  subject: '/accounting-management/initialization/subject',
  subjectStart: '/accounting-management/initialization/subjectstart',
  auxiliary: '/accounting-management/initialization/auxiliary',
  detailAccount: '/accounting-management/books/detailaccount',
  generalLedger: '/accounting-management/books/generalledger',
  trialBalance: '/accounting-management/reports/trial-balance',
  balanceSheet: '/accounting-management/reports/balance-sheet',
  incomeExpense: '/accounting-management/reports/income-expense',
  close: '/accounting-management/monthly/close',
  // The funds reports (issue 20 §4).
  fundsRegister: '/funds-management/funds-register',
  fundsPayables: '/funds-management/funds-payables',
  fundsAccounting: '/funds-management/funds-accounting',
  backup: '/user-center/backup',
  fundsEntry: '/funds-management/funds-entry',
  // The budget reports (issue 21 §3, reports lane).
  budgetExecution: '/budget-management/budget-execution',
  budgetWarnings: '/budget-management/zhichu-yujing',
  // Budgets, setup lane (issue 21 §1).
  projectBudget: '/budget-management/project-budget',
  expenditureClasses: '/budget-management/zhichufenlei-shezhi',
  // The budget plan, its rules and adjustments (issue 21, lane "plan").
  budgetPlanEntry: '/budget-management/fangan-tianbao',
  budgetPlanApproval: '/budget-management/fangan-shenpi',
  budgetRules: '/budget-management/guize-shezhi',
  budgetAdjustment: '/budget-management/yusuan-zhenggai',
  // The transition worksheet (issue 22).
  transition: '/accounting-management/transition/subject-transition',
  // Assets (issue 23).
  assetsInit: '/fixed-assets/fixed-assets/assets-init',
  assetCards: '/fixed-assets/fixed-assets/cards',
  assetDepreciation: '/fixed-assets/fixed-assets/depreciation',
  assetDocuments: '/fixed-assets/fixed-assets/documents',
  longAmortion: '/fixed-assets/fixed-assets/long-amortion',
  assetSettings: '/fixed-assets/fixed-assets/settings',
  assetsDebt: '/accounting-management/reports/assets-debt',
  lowerAssetWarning: '/accounting-management/reports/lower-asset-warning',
  analysis: '/accounting-management/reports/analysis',
  // The user center's administration (admin/menu-catalogue.ts USER_CENTER_PAGES).
  ztManagement: '/user-center/zt-management',
  provincialZtManagement: '/user-center/provincial-level-zt-management',
  registerZtList: '/user-center/register-ztList',
  userManagement: '/user-center/ordinary-user-management',
  operatorManagement: '/user-center/operator-management',
  userTypeManagement: '/user-center/user-type-management',
  departmentManagement: '/user-center/department-management',
  roleManagement: '/user-center/role-management',
  logCenter: '/user-center/log-center',
  accessRecord: '/user-center/access-record',
  superUser: '/user-center/super-user',
  permission: '/user-center/permission',
  permissionGroup: '/user-center/permission-group',
  menuManagement: '/user-center/menu-management',
  globalButtonPermission: '/user-center/global-btn-permission',
  platformManagement: '/user-center/platform-management',
} as const;

export const Readers = {
  /**
   * The chart and its auxiliary items: the chart, opening and auxiliary pages, the pickers of the
   * voucher editor and the carry-forward templates, and the books, whose every line shows a subject
   * and its items (a picker there names nothing the book does not).
   */
  chart: [
    Page.subject,
    Page.subjectStart,
    Page.auxiliary,
    Page.voucherAdd,
    Page.carryForward,
    Page.detailAccount,
    Page.generalLedger,
    Page.trialBalance,
    // The funds-entry grid checks and picks its counterpart subjects.
    Page.fundsEntry,
    // 项目预算 picks a budget detail's expense subjects (zdrapproval).
    Page.projectBudget,
  ],
  /** A voucher, its attachments, categories and audit trail: the editor, the list and the detail ledger's preview. */
  voucher: [Page.voucherAdd, Page.voucherList, Page.detailAccount],
  /** Voucher and carry-forward templates: the editor's template picker and the carry-forward page. */
  template: [Page.voucherAdd, Page.carryForward],
} as const satisfies Record<string, readonly string[]>;
