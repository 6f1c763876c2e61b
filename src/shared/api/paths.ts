/**
 * Paths of the calls, as the spec writes them, with their module base. Client and server both
 * import these, so a path cannot be spelled two ways.
 */
export const MODULE_BASES = [
  '',
  '/account',
  '/userCenter',
  '/usercenter',
  '/bill',
  '/files',
  '/fixedassets',
  '/budget',
  '/final',
] as const;
export type ModuleBase = (typeof MODULE_BASES)[number];

/** True for any API path under any module base: what the server answers with JSON, never the app page. */
export function isApiPath(pathname: string): boolean {
  return /^\/(?:(?:account|userCenter|usercenter|bill|files|fixedassets|budget|final)\/)?api(?:\/|$)/.test(pathname);
}

export const Paths = {
  // auth (root)
  getValidateCode: '/api/auth/getValidateCode',
  logOn: '/api/auth/logOn',
  logOut: '/api/auth/logOut',
  getInfo: '/api/auth/getInfo',
  setUserZtLevel: '/api/auth/setUserZtLevel',
  determineThePasswordHasExpired: '/api/auth/determineThePasswordHasExpired',
  getPageRouteData: '/api/auth/getPageRouteData',
  /** Spec: "Financial-state check: no payload"; path not shown, ours. */
  financialState: '/api/auth/financialState',
  updatePassword: '/api/user/updatePassword',
  getFinancialMenuList: '/api/menu/getFinancialMenuList',
  config: '/api/config',
  // user center
  ztElect: '/userCenter/api/ztInfo/elect',
  ztInfoTree: '/userCenter/api/ztInfo/getZtInfoTree',
  /** Spec "Reports and logs": the operation log, paged and filtered (logs/routes.ts). */
  getSystemOptLogList: '/userCenter/api/getSystemOptLogList',
  /** Ours: the operation log's filters (no page) as .xlsx. */
  optLogExport: '/userCenter/api/getSystemOptLogList/export',
  /** Spec: GET /api/requestIP — sign-ins per address in a time range. */
  requestIP: '/userCenter/api/requestIP',
  /** Spec: GET /api/requestIP/getDetailsList — every access record. */
  requestIPDetails: '/userCenter/api/requestIP/getDetailsList',
  /** Ours: the access records' filters (no page) as .xlsx, details or per address. */
  requestIPExport: '/userCenter/api/requestIP/export',
  // 账套注册 (register-ztList): import, export, ledger-set templates
  ztDownLoadTemplate: '/userCenter/api/ztInfo/downLoadTemplate',
  ztImport: '/userCenter/api/ztInfo/importZtInfo',
  ztImportRewrite: '/userCenter/api/ztInfo/importZtInfoRewrite',
  ztExport: '/userCenter/api/ztInfo/ExportZtInfoListAsync',
  ztTempSave: '/userCenter/api/ztInfo/tempSave',
  ztTempPageList: '/userCenter/api/ztInfo/tempPageList',
  ztTempInfo: '/userCenter/api/ztInfo/tempInfo',
  ztTempElect: '/userCenter/api/ztInfo/tempElect',
  ztTempDelete: '/userCenter/api/ztInfo/tempDelete',
  ztInfo: '/userCenter/api/ztInfo', // GET /{id}; POST create or edit (id given); DELETE /{id}
  ztInfoManagedTree: '/userCenter/api/ztInfo/getZtInfoTree/managed',
  ztInfoTreeSearch: '/userCenter/api/ztInfo/getZtInfoTree/search',
  ztInfoChildrenTile: '/userCenter/api/ztInfo/getAllChildrenlListTile',
  ztInfoPageList: '/userCenter/api/ztInfo/pageList',
  ztInfoEnable: '/userCenter/api/ztInfo/enable',
  ztInfoExpiration: '/userCenter/api/ztInfo/setZtInfoListExpirationTime',
  ztInfoLevel: '/userCenter/api/ztInfo/setZtInfoLevel',
  ztInfoImproveUnit: '/userCenter/api/ztInfo/isImproveUnit',
  ztInfoAssetCheck: '/userCenter/api/ztInfo/isAssetCheck',
  // people (issue 18 §2, src/server/users): POST create/edit, GET /{id}, DELETE ?id=
  user: '/userCenter/api/user',
  userPageList: '/userCenter/api/user/pageList',
  userResetPassword: '/userCenter/api/user/resetPassword', // POST /{id}
  userEnable: '/userCenter/api/user/enable',
  userSecretKeyState: '/userCenter/api/user/updateSecretKeyState',
  userTypeSelect: '/userCenter/api/user/userTypeSelect',
  /** Ours: the departments of one unit, for the user dialog. */
  departmentSelect: '/userCenter/api/department/select',
  /** Ours: user types (user-type-management): GET pageList, POST save, DELETE ?id=. */
  userType: '/userCenter/api/userType',
  userTypePageList: '/userCenter/api/userType/pageList',
  /** Ours: departments (department-management): GET pageList, POST save, DELETE ?id=. */
  department: '/userCenter/api/department',
  departmentPageList: '/userCenter/api/department/pageList',
  // accounting
  /** GET list (flat, every field of SubjectItem); POST add or edit (SaveSubjectRequest); DELETE ?code= (non-standard, no children, no balance). */
  subjectList: '/account/api/subject',
  subjectExtensions: '/account/api/subject/subjectExtensions',
  /** Enabled last-level subjects for pickers, filtered by keyword (code, name, pinyin initials). */
  subjectElect: '/account/api/subject/elect',
  /** The standard chart of the set's accounting system. */
  standSubject: '/account/api/standSubject',
  /** Standard subjects the set may take: a grassroots set the 县级以上 chart's subjects it lacks (StandSubject[]). */
  choiceStand: '/account/api/subject/choiceStand',
  /** Take standard subjects: POST { codeArray } (with their missing parents) → the codes added. */
  cjSubjct: '/account/api/subject/cjSubjct',
  /** Ours (spec: "the next child code fetched when a parent is chosen"): GET ?parentCode= → ChildCodeResponse. */
  subjectChildCode: '/account/api/subject/childCode',
  /** Ours: POST { code, enable }. */
  subjectEnable: '/account/api/subject/enable',
  /** Spec "subject setting list" (subTypeList, subInfoList, config); the path is ours. */
  subjectSetting: '/account/api/subject/subjectSetting',
  /** Batch save of opening balances (detailList, confirmPrompt, autoUnderAllAcc). */
  branchSave: '/account/api/subject/branchSave',
  /** Ours: POST multipart field `file` (xlsx, max 50 MB): import opening balances. */
  openingImport: '/account/api/subject/importOpening',
  /** Ours: GET the opening balances as an xlsx file. */
  openingExport: '/account/api/subject/exportOpening',
  // auxiliary accounting
  /** GET list of types; POST add a custom type or rename one (SaveAuxiTypeRequest). */
  auxiType: '/account/api/auxiType',
  auxiInfoSave: '/account/api/auxiInfo/save',
  /** Ours: POST { typeNo, infoNo, isEnable }. */
  auxiInfoEnable: '/account/api/auxiInfo/enable',
  getCodeAuxi: '/account/api/auxiSubject/getCodeAuxi',
  typeInfo: '/account/api/auxiSubject/typeInfo',
  saveAuxiRealedSub: '/account/api/auxiSubject/saveAuxiRealedSub',
  sysInfo: '/account/api/certificate/sysInfo',
  // vouchers (src/shared/api/vouchers.ts)
  /** GET list (VoucherListQuery → Paged<Voucher>); POST save (SaveVoucherRequest); DELETE ?year&details (VoucherBatchRequest). */
  certificate: '/account/api/certificate',
  /** Funds entry (经费录入): paths not shown in the spec, ours. */
  fundsReceipts: '/account/api/funds/receipts',
  fundsReceiptsSave: '/account/api/funds/receipts/save',
  fundsVoucherGenerate: '/account/api/funds/receipts/generateVoucher',
  /** GET: the list's filters (no page) → every voucher they select as .xlsx. */
  certificateExportList: '/account/api/certificate/exportList',
  /** Ours: GET ?id= (or year, month, certificateType, pzNo) → Voucher. */
  certificateDetail: '/account/api/certificate/detail',
  /** Ours: GET ?id&year&direction=prev|next → Voucher | null (PageUp / PageDown in the editor). */
  certificateNeighbour: '/account/api/certificate/neighbour',
  /** Spec "create empty voucher returns recommended data"; the path is ours. */
  emptyCertificate: '/account/api/certificate/emptyCertificate',
  certificateReview: '/account/api/certificate/review',
  certificateBook: '/account/api/certificate/book',
  reloadBreak: '/account/api/certificate/reloadBreak',
  voucherCashierSignature: '/account/api/certificate/VoucherCashierSignature',
  getCertificateManNo: '/account/api/certificate/getCertificateManNo',
  subjectBalance: '/account/api/certificate/subjectBalance',
  /** Ours: GET ?id= → VoucherAuditEntry[]. */
  certificateAudit: '/account/api/certificate/audit',
  /** Spec voucher-category list (certificateTypeList); the path is ours. */
  certificateType: '/account/api/certificateType',
  summary: '/account/api/summary',
  // voucher templates (src/shared/api/templates.ts)
  /** GET list (TemplateListQuery → Paged<VoucherTemplate>); POST save (SaveTemplateRequest); DELETE ?id= (not a built-in). */
  template: '/account/api/template',
  /** GET ?id= → VoucherTemplate. */
  templateDetail: '/account/api/template/detail',
  /** GET ?template= → VoucherTemplate[] to apply in the editor (built-ins first). */
  templateSelect: '/account/api/template/select',
  updateTemplateSort: '/account/api/template/updateTemplateSort',
  /** GET ?year&month → GenerateCarryForwardResponse: the month-end carry-forward voucher (src/shared/api/templates.ts). */
  generateVoucherEndPeriod: '/account/api/certificate/generateVoucherEndPeriod',
  /** GET ?year → GenerateCarryForwardResponse: the year-end carry-forward voucher. */
  generateYearEndVoucher: '/account/api/certificate/generateYearEndVoucher',
  // books and reports (src/shared/api/books.ts)
  trialBalance: '/account/api/report/trialBalance',
  detailAccount: '/account/api/report/detailAccount',
  /** GET GeneralLedgerQuery → GeneralLedgerResponse (总账). */
  generalLedger: '/account/api/report/generalLedger',
  /** GET with the detail ledger's filters → the whole range as .xlsx, streamed. */
  exportDetailAccount: '/account/api/report/exportDetailAccount',
  /** Spec: regenerate occurrences (POST, no payload): rebuilds the set's balances from its lines. */
  regenerateOccur: '/account/api/report/regenerateOccur',
  /** Ours: GET with the data route's query → application/pdf (inline), the table as printed (src/server/print/report-print-routes.ts). */
  trialBalancePrint: '/account/api/report/trialBalance/print',
  generalLedgerPrint: '/account/api/report/generalLedger/print',
  detailAccountPrint: '/account/api/report/detailAccount/print',
  // official reports (src/shared/api/reports.ts)
  /** GET BalanceSheetQuery → ReportResponse; /export → xlsx; /print → application/pdf. */
  balanceSheet: '/account/api/report/balanceSheet',
  balanceSheetExport: '/account/api/report/balanceSheet/export',
  balanceSheetPrint: '/account/api/report/balanceSheet/print',
  /** GET IncomeExpenseQuery → ReportResponse; /export → xlsx; /print → application/pdf. */
  incomeExpense: '/account/api/report/incomeExpense',
  incomeExpenseExport: '/account/api/report/incomeExpense/export',
  incomeExpensePrint: '/account/api/report/incomeExpense/print',
  /** Spec multipleExportsDataOut: GET BalanceSheetQuery → the period's reports in one xlsx, one sheet each. */
  reportsMultipleExport: '/account/api/reportToExcle/multipleExportsDataOut',
  // funds reports (issue 20 §4, ours; src/shared/api/schemas/funds-reports.ts)
  /** GET FundsRegisterQuery → FundsRegisterResponse: 经费上解台账. */
  fundsRegister: '/account/api/funds/register',
  fundsRegisterExport: '/account/api/funds/register/export',
  /** GET FundsPayablesQuery → FundsPayablesResponse: 211/212 by 经费单位. */
  fundsPayables: '/account/api/funds/payables',
  fundsPayablesExport: '/account/api/funds/payables/export',
  /** GET FundsProposalQuery → FundsProposalResponse: the remittance lines for a 402 line (B8). */
  fundsProposal: '/account/api/funds/proposal',
  // month-end and year-end close (src/shared/api/close.ts)
  /** GET CloseCheckQuery → CloseCheckResult. */
  closeCheck: '/account/api/certificate/check',
  /** POST MonthlyRequest → MonthlyResponse. */
  monthly: '/account/api/certificate/monthly',
  /** POST UnMonthlyRequest → UnMonthlyResponse. */
  unMonthly: '/account/api/certificate/unMonthly',
  /** POST CarryOverRequest: the period-switch carry-over of the session's year. */
  carryOver: '/account/api/certificate/carryOver',
  /** Ours: GET → CloseState (the set's years and closed months). */
  closeState: '/account/api/certificate/closeState',
  /** Ours: POST → { year }: opens the year after the session's, without openings. */
  newYear: '/account/api/certificate/newYear',
  pzUser: '/account/api/pzUser',
  /** Ours: GET ?ids=1,2&paper=a4|voucher → application/pdf, the vouchers in the printed layout (src/shared/api/files.ts). */
  certificatePrint: '/account/api/certificate/print',
  /** Ours: GET ?ids=1,2 → .xlsx, one 记账凭证 sheet per voucher (src/shared/api/schemas/voucher-workbook.ts). */
  certificateSheets: '/account/api/certificate/exportVoucherSheets',
  // attachments (src/shared/api/files.ts)
  /** POST upload (multipart field `file`, optional field voucherId) → FileRelation[]; GET ?voucherId= list; DELETE ?fileId=. */
  fileRelation: '/files/api/fileRelation',
  /** Spec "download by id": GET ?fileId= → the file, Content-Disposition with RFC 5987 filename*. */
  fileDownload: '/files/api/fileRelation/download',
  /** Ours: POST AttachFilesRequest → VoucherFilesResponse. */
  fileAttach: '/files/api/fileRelation/attach',
  // backups of the session's ledger set (src/shared/api/backup.ts), the user center's 数据备份 page
  /** Spec "GET /api/fileRelation/Backup (files base)": GET ?id= → the backup file, streamed. */
  backupDownload: '/files/api/fileRelation/Backup',
  /** Spec "Backup call with a type field"; the path is ours: GET list (BackupItem[]); POST CreateBackupRequest; DELETE ?id=. */
  backup: '/userCenter/api/backup',
  /** Ours: POST RestoreBackupRequest → RestoreBackupResponse (a type-46 backup is taken first). */
  backupRestore: '/userCenter/api/backup/restore',
  /** Ours: POST { id } → VerifyBackupResponse (sha256, integrity check, row counts). */
  backupVerify: '/userCenter/api/backup/verify',
  // rights of the user center (issue 18 §3, src/shared/api/schemas/rights.ts): roles (user levels) and grants
  /** GET ?pageIndex&pageSize&keyword → Paged(RoleItem): the roles the caller sees. */
  rolePageList: '/userCenter/api/role/pageList',
  /** GET /{id} → RoleDetail; POST SaveRoleRequest → { id } (creates or edits); DELETE ?id=. */
  role: '/userCenter/api/role',
  /** POST { id, enable }. */
  roleEnable: '/userCenter/api/role/enable',
  /** Spec "GET saveRecommend/{id}": POST here (a write) { isRecommend } on /{id}. */
  roleSaveRecommend: '/userCenter/api/role/saveRecommend',
  /** POST SaveResRoleRequest: a role's pages and buttons from the menu catalogue. */
  roleSaveResources: '/userCenter/api/userLevel/SaveResRole',
  /** GET → RoleOption[]: the enabled roles the caller may grant. */
  userLevelSelect: '/userCenter/api/user/userLevelSelect',
  /** GET → RoleItem[]: every role the caller sees, by sort. */
  userLevelList: '/userCenter/api/userLevel/userLevelList',
  /** POST { ids } in their new order. */
  userLevelSaveSort: '/userCenter/api/userLevel/saveSort',
  /** GET → CatalogueNode[]: the pages and buttons a role may be given (the caller's own, for a subtree administrator). */
  roleCatalogue: '/userCenter/api/userLevel/catalogue',
  /** GET /{userId} → UserGrants (GET ?loginName= looks the user up); POST SaveUserGrantsRequest (replaces the grants within the caller's scope). */
  userZtLevelInfo: '/userCenter/api/user/userZtLevelInfo',
  /** GET /{userId}?ztId= → UserPzTypes: the voucher categories the user may use in the set. */
  userZtLevelInfoForPzType: '/userCenter/api/user/userZtLevelInfoForPzType',
  /** POST SaveUserPzTypesRequest (certificateTypes null: every category). */
  saveUserZtLevelInfoForPzType: '/userCenter/api/user/saveUserZtLevelInfoForPzType',
  /** GET → MenuTreeNode[] (菜单管理, the super administrator's). */
  menuTreeList: '/userCenter/api/menu/treeList',
  /** POST { id, enable }. */
  menuEnable: '/userCenter/api/menu/enable',
  /** POST { ids }: siblings in their new order. */
  menuSaveSort: '/userCenter/api/menu/saveSort',
  /** POST { id }: one place up among its siblings. */
  menuLift: '/userCenter/api/menu/lift',
  // 权限管理, 权限组, 全局按钮权限 (issue 18 §3, src/shared/api/schemas/permissions.ts)
  /** GET ?pageIndex&pageSize&code&name → Paged(PermissionItem). */
  permissionPageList: '/userCenter/api/permission/pageList',
  /** Ours: GET → PermissionOption[] (every button key with its name, for the rights dialogs). */
  permissionList: '/userCenter/api/permission/list',
  /** POST SavePermissionRequest → { id } (creates or edits); DELETE ?id=. */
  permission: '/userCenter/api/permission',
  /** POST { id, enable }: a disabled permission is held by nobody on any page. */
  permissionEnable: '/userCenter/api/permission/enable',
  /** GET → PermissionGroup[] (every group; the rights dialog offers the enabled ones). */
  permissionGroupList: '/userCenter/api/permissionGroup/list',
  /** GET ?pageIndex&pageSize&name → Paged(PermissionGroup). */
  permissionGroupPageList: '/userCenter/api/permissionGroup/pageList',
  /** POST SaveGroupRequest → { id }; DELETE ?id=. */
  permissionGroup: '/userCenter/api/permissionGroup',
  /** POST { id, enable }. */
  permissionGroupEnable: '/userCenter/api/permissionGroup/enable',
  /** Ours: POST { groupId, roleId } → { added }: adds the group's pages and buttons to the role. */
  permissionGroupApply: '/userCenter/api/permissionGroup/applyToRole',
  /** GET → GlobalButtonGroup[]; POST SaveGlobalButtonsRequest (the buttons switched off, replacing all). */
  globalBtnPermission: '/userCenter/api/globalBtnPermission',
  // 平台管理 (issue 18 §3, src/shared/api/schemas/platform.ts): platforms and the platforms of each ledger set
  /** GET ?pageIndex&pageSize&keyword → Paged(PlatformItem). */
  platformPageList: '/userCenter/api/platform/pageList',
  /** GET → PlatformItem[]: every platform, by sort (the ledger-set dialog's checklist). */
  platformList: '/userCenter/api/platform/list',
  /** Ours: GET → MenuGroupOption[]: the top-level menu groups a platform may hold. */
  platformMenuGroups: '/userCenter/api/platform/menuGroups',
  /** POST SavePlatformRequest → { id } (creates or edits); DELETE ?id=. */
  platform: '/userCenter/api/platform',
  /** POST { id, enable }. */
  platformEnable: '/userCenter/api/platform/enable',
  /** POST { ids } in their new order. */
  platformSaveSort: '/userCenter/api/platform/saveSort',
  /** Spec "GET saveRecommend": POST here (a write) { isRecommend } on /{id}. */
  platformSaveRecommend: '/userCenter/api/platform/saveRecommend',
  /** GET /{ztId} → PlatformItem[]: the platforms the set has. */
  platformListByZtId: '/userCenter/api/platform/listByZtId',
  /** Ours: POST SaveZtPlatformsRequest (replaces the set's platforms). */
  platformSaveByZtId: '/userCenter/api/platform/saveByZtId',
  // funds accounting between union levels (上下级经费核算; schemas/funds-units.ts, server/funds/unit-routes.ts)
  /** Spec (user-centre base) GET → the ledger sets below the session's set in the tree (JxhsDepart[]). */
  jxhsDepartList: '/userCenter/api/ztInfo/jxhs_DepartList',
  /** Spec POST unitInfo: the page's list (UnitListRequest → Paged<FundsUnitRow>), ratios in force at the period. */
  unitInfo: '/account/api/unit/unitInfo',
  /** Spec GET getUnitInfo ?id&year&month → FundsUnitRow (the edit dialog). */
  getUnitInfo: '/account/api/unit/getUnitInfo',
  /** Spec "unit funding info by id": GET /{id} → { unitInfo, subList } (the unit and its ratios per period). */
  unitFundingInfo: '/account/api/unit/fundingInfo',
  /** Spec POST getZJUnitType → the funding types and the expenditure-type cascader. */
  getZJUnitType: '/account/api/unit/getZJUnitType',
  /** Spec POST saveZJUnit: add or edit a funding organisation of a 县级以上 set (SaveZJUnitRequest). */
  saveZJUnit: '/account/api/unit/saveZJUnit',
  /** Spec POST edit: the funds accounting dialog (EditLowerUnitRequest). */
  unitEdit: '/account/api/unit/edit',
  /** Ours: POST { ids } deletes units without receipts. */
  unitDelete: '/account/api/unit/delete',
  /** Ours: GET the set's default share subjects (funds_setting); POST saves them. */
  unitSetting: '/account/api/unit/setting',
  // budget reports (issue 21 §3, reports lane, ours; schemas/budget-reports.ts, server/budget/report-routes.ts)
  /** GET BudgetExecutionQuery → BudgetExecutionResponse: 预算执行表 with class and category subtotals. */
  budgetExecution: '/budget/api/execution',
  budgetExecutionExport: '/budget/api/execution/export',
  /** GET { budgetId } → BudgetLinesResponse: a detail's voucher lines (the drill). */
  budgetExecutionLines: '/budget/api/execution/lines',
  /** GET → BudgetWarningsResponse: 支出预警 of the approved plan, worst first. */
  budgetWarnings: '/budget/api/warnings',
  budgetWarningsExport: '/budget/api/warnings/export',
  // budgets, setup lane (issue 21 §1; schemas/budget-setup.ts, server/budget/setup-routes.ts)
  /** Spec POST saveType: add a category (auxiType, typeName, expendBudgetClassification); typeId given: rename it. */
  budgetSaveType: '/budget/api/projecRelated/saveType',
  /** Spec GET getProjecTypeList ?auxiType&expendBudgetClassification → the year's categories (typeId, typeName). */
  budgetTypeList: '/budget/api/projecRelated/getProjecTypeList',
  /** Ours: POST { id } deletes a category without details. */
  budgetDeleteType: '/budget/api/projecRelated/deleteType',
  /** Spec POST save: add a detail; id given: edit it (ours). */
  budgetSaveDetail: '/budget/api/projecRelated/save',
  /** Ours: POST { id } deletes a detail no voucher carries, while the plan is editable. */
  budgetDeleteDetail: '/budget/api/projecRelated/delete',
  /** Ours: GET ?scope=project|expenditure → the year's categories with their details. */
  budgetSetupList: '/budget/api/projecRelated/list',
  /** Spec POST JudgeBigProjects (payload ours): { typeNo, infoNo, subjectCode } → whether it spends from a budget. */
  budgetJudgeBigProjects: '/budget/api/projecRelated/JudgeBigProjects',
  /** Spec POST projectRelatedIndicators (payload ours): { budgetId } or { typeNo, infoNo } → the indicator tree. */
  budgetProjectIndicators: '/budget/api/budgettarget/projectRelatedIndicators',
  /** Ours: POST { budgetId, indicators } replaces a project's indicator tree. */
  budgetSaveIndicators: '/budget/api/budgettarget/saveIndicators',
  // the API documentation (OpenAPI), for administrators (src/server/http/api-docs.ts)
  /** The browsable documentation (Swagger UI): a page, opened with the cookie apiDocsSession sets. */
  apiDocs: '/api/docs',
  /** The OpenAPI 3.1 document as JSON: a signed administrator's call, or the page's fetch with the cookie. */
  apiDocsJson: '/api/docs/json',
  /** POST (signed, administrators) → ApiDocsSession: sets the short-lived cookie that opens apiDocs in a browser tab. */
  apiDocsSession: '/api/docs/session',
  // budgets, lane "voucher" (issue 21 §2; src/shared/api/schemas/budget-voucher.ts)
  /** Ours: GET { budgetId } → IndicatorNode[]: a project's indicator tree for the two-table voucher's indicator picker. */
  budgetVoucherIndicators: '/budget/api/budgettarget/voucherIndicators',
  // budgets, lane "plan" (issue 21; ours; src/shared/api/schemas/budget-plan.ts, server/budget/plan-routes.ts)
  /** GET → BudgetPlan: the year's plan, its details and history (方案填报, 方案审批, 规则设置). */
  budgetPlan: '/budget/api/budgetPlan',
  /** POST SaveBudgetPlanRequest → BudgetPlan: opening budgets while the plan is editable. */
  budgetPlanSave: '/budget/api/budgetPlan/save',
  /** POST → BudgetPlan: draft or returned → submitted. */
  budgetPlanSubmit: '/budget/api/budgetPlan/submit',
  /** POST → BudgetPlan: submitted → draft. */
  budgetPlanWithdraw: '/budget/api/budgetPlan/withdraw',
  /** POST → BudgetPlan: submitted → approved (the approver's). */
  budgetPlanApprove: '/budget/api/budgetPlan/approve',
  /** POST ReturnBudgetPlanRequest → BudgetPlan: submitted → returned, with a reason (the approver's). */
  budgetPlanReturn: '/budget/api/budgetPlan/return',
  /** POST SaveBudgetRulesRequest → BudgetPlan: control (0/2/3) and warning threshold per detail (规则设置). */
  budgetRulesSave: '/budget/api/budgetRule/save',
  /** GET → BudgetAdjustments: the details with their execution and the year's adjustments (预算调整). */
  budgetAdjustments: '/budget/api/budgetAdjust',
  /** POST AdjustBudgetRequest → BudgetAdjustments: a new adjusted budget with its reason, after approval. */
  budgetAdjust: '/budget/api/budgetAdjust/save',
  // transition worksheet (issue 22; src/shared/api/schemas/transition.ts, transition-vouchers.ts; server/transition)
  /** GET CodeJoinQuery → CodeJoinResponse: the year-end figures (item1=1) or the worksheet (item1=2). */
  transitionCodeJoin: '/account/api/subject/codeJoin',
  /** Ours: POST SaveFiguresRequest → CodeJoinResponse: saves the year-end figures on the 2009 chart (保存科目). */
  transitionSaveFigures: '/account/api/subject/codeJoin/saveFigures',
  /** Ours: POST SaveSplitsRequest → CodeJoinResponse: saves the keyed split parts of the worksheet. */
  transitionSaveSplits: '/account/api/subject/codeJoin/saveSplits',
  /** GET → DraftContentControl. */
  transitionControl: '/account/api/subject/DraftContentControl',
  /** GET → message: writes the first year's openings from the worksheet and marks the set reconciled. */
  reconciliationFinish: '/account/api/subject/reconciliationFinish',
  /** GET → message: restores the openings as they were and reopens the worksheet. */
  unReconciliationFinish: '/account/api/subject/unReconciliationFinish',
  /** GET → workbook: the worksheet with its heading block and live formulas. */
  transitionExport: '/account/api/reportToExcleOccur/codeJoinAsyncDataOut',
  /** GET { id? } → ZeroVoucher: an adjustment voucher of the zero period, or a new one with the next number. */
  electCertiZero: '/account/api/certificate/electCertiZero',
  /** GET → ZeroVoucherSummary[]: the adjustment vouchers (调账凭证) of the zero period. */
  certificateListZero: '/account/api/certificate/certificateListZero',
  /** DELETE { ids } → message. */
  deleteCertificateZero: '/account/api/certificate/deleteCertificateZero',
  /** Ours: POST SaveZeroVoucherRequest → ZeroVoucher: adds or changes an adjustment voucher. */
  certificateZero: '/account/api/certificate/certificateZero',
  // assets (issue 23). Spec names where it shows them; the rest ours. Lanes: cards (settings, cards, initialisation),
  // vouchers (the asset voucher dialog, provisions, documents, the asset-change voucher), long (181 and the close
  // checks), reports. Each lane's schemas are in schemas/assets-<lane>.ts and its server in server/assets/.
  // cards lane
  /** GET { assetClass? } → the category tree; POST save; DELETE { id }. */
  assetCategories: '/fixedassets/api/aetType',
  /** GET → the set's departments (spec: fixed-asset department list). */
  assetDepartments: '/fixedassets/api/department/list',
  /** GET paged cards with filters; POST save (add, or change with the revision seen); DELETE { ids }. */
  assetCards: '/fixedassets/api/aetCard',
  /** POST { ids, isReview } → review or unreview cards. */
  assetCardsReview: '/fixedassets/api/aetCard/review',
  /** POST { ids, departmentId?, usage?, keeper? } → 分配 (the modify right). */
  assetCardsAllot: '/fixedassets/api/aetCard/allot',
  /** GET { assetClass } → the next card number. */
  assetCardNextNo: '/fixedassets/api/aetCard/nextCardNo',
  /** Spec: GET the cards keyed at initialisation (资产初始化). */
  oldFinancialList: '/fixedassets/api/aetCard/oldFinancialList',
  /** Spec: POST save a card keyed at initialisation. */
  oldFinancialUpdate: '/fixedassets/api/aetCard/oldFinancialUpdate',
  /** GET → the initialisation state and its check against the ledger (162/163/171/172/141/181). */
  assetsInitState: '/fixedassets/api/assetsInit/state',
  /** POST multipart xlsx → the cards read, or the rows refused with reasons. */
  assetsInitImport: '/fixedassets/api/assetsInit/import',
  /** POST → finishes the initialisation (refused unless the check passes). */
  assetsInitFinish: '/fixedassets/api/assetsInit/finish',
  /** POST → reopens the initialisation (refused once a card, provision or document has a voucher). */
  assetsInitCancel: '/fixedassets/api/assetsInit/cancel',
  /** Spec: the accrual check, returns { year, isProvision }. */
  assetsAccrualCheck: '/fixedassets/api/assetsInit/accrualCheck',
  /** Spec: GET the 2022 catch-up accrual of the cards keyed at initialisation (preview). */
  previewOldFinancialAssetsProvision: '/fixedassets/api/assetsProvision/previewOldFinancialAssetsProvision',
  /** Spec: POST the 2022 catch-up accrual voucher (category 10000). */
  addOldFinancialAssetsProvision: '/fixedassets/api/assetsProvision/addOldFinancialAssetsProvision',
  /** Spec: POST (base /account) sets isProvision. */
  updateSysInfoIsProvision: '/account/api/system/UpdateSysInfoIsProvision',
  // vouchers lane
  /** POST AssetVoucherRequest → the default entries and the accrual amount of the dialog (no write). */
  assetVoucherPreview: '/fixedassets/api/certificate/preview',
  /** POST AssetVoucherRequest → the vouchers made (one per card or one for all: isOnePz). */
  assetVoucherSave: '/fixedassets/api/certificate/save',
  /** GET { assetClass, year } → month rows { month, isProvision, unGenerateCertificate }. */
  assetProvisionMonths: '/fixedassets/api/assetsProvision/monthList',
  /** POST { assetClass, year, month } → runs a month's depreciation or amortisation; DELETE undoes the last one without voucher. */
  assetProvisionRun: '/fixedassets/api/assetsProvision/run',
  /** GET paged depreciation rows with footer.accruedValueSum (spec: the detail table's params). */
  assetProvisionDetail: '/fixedassets/api/assetsProvision/detail',
  /** GET → the classification detail: by nature (item1), type (item2), department (item3). */
  assetProvisionClassification: '/fixedassets/api/assetsProvision/classification',
  /** GET { isProvision, accruedStageDateTimeArray, assetClass } → workbook: the depreciation or amortisation detail. */
  assetProvisionExport: '/fixedassets/api/assetsProvision/export',
  /** GET paged documents; POST save; DELETE { ids }. */
  assetDocuments: '/fixedassets/api/assetsDocument',
  /** Spec: POST the documents' amounts. */
  getAssetsDocAmountList: '/fixedassets/api/assetsDocument/getAssetsDocAmountList',
  /** Spec: GET documents without a voucher, per class. */
  getAssetsDocNotGeneratedList: '/fixedassets/api/assetsDocument/getAssetsDocNotGeneratedList',
  getIntangibleAssetsDocNotGeneratedList: '/fixedassets/api/assetsDocument/getIntangibleAssetsDocNotGeneratedList',
  getInventoryAssetsDocNotGeneratedList: '/fixedassets/api/assetsDocument/getInventoryAssetsDocNotGeneratedList',
  /** Spec (base /account): the subjects a document's voucher offers, per class. */
  assetsDocSubInfoList: '/account/api/subject/assetsDocSubInfoList',
  intangibleAssetsDocSubInfoList: '/account/api/subject/intangibleAssetsDocSubInfoList',
  inventoryAssetsDocSubInfoList: '/account/api/subject/inventoryAssetsDocSubInfoList',
  /** Spec: the asset-change voucher (PZAssetType 4): preview, save, its subjects and amounts. */
  getAssetCardChangeCertificate: '/account/api/certificate/getAssetCardChangeCertificate',
  saveAssetCardChangeCertificate: '/account/api/certificate/saveAssetCardChangeCertificate',
  assetsChangeSubInfoList: '/account/api/subject/assetsChangeSubInfoList',
  getAssetsChangeMoneyAsync: '/fixedassets/api/aetCard/getAssetsChangeMoneyAsync',
  // long lane (base /account, as the spec's)
  /** GET paged long-term deferred expenses; POST save; DELETE { ids }. */
  longAmortion: '/account/api/longAmortion',
  /** Spec: GET { year } → month rows. */
  longAmortionMonthList: '/account/api/longAmortion/monthList',
  /** Spec: POST { ids, isReview }. */
  longAmortionReview: '/account/api/longAmortion/longAmortionReview',
  /** Spec: POST the month's amortisation and its voucher. */
  addAccruedStageAmortionDetailsList: '/account/api/amortion/addAccruedStageAmortionDetailsList',
  /** GET { year, month } → the month's amortisation rows (paged, with the footer). */
  amortionDetails: '/account/api/amortion/detail',
  // reports lane (base /account, spec)
  assetsDebtZero: '/account/api/report/assetsDebtZero',
  reportAssetsDebtZeroAsync: '/account/api/reportToExcle/reportAssetsDebtZeroAsync',
  reportAssetsDebtZeroAsyncDataOut: '/account/api/reportToExcle/reportAssetsDebtZeroAsyncDataOut',
  getLowerAssetWarning: '/account/api/occur/getLowerAssetWarning',
  lowerAssetWarningDataOut: '/account/api/reportToExcleOccur/lowerAssetWarningDataOut',
  earningsAnalysis: '/account/api/report/earningsAnalysis',
  outlayAnalysis: '/account/api/report/outlayAnalysis',
  accountAnalysis: '/account/api/report/accountAnalysis',
  /** Ours (reports lane): GET { beginTime, endTime, kind: earnings | outlay } → the analysis workbook. */
  analysisDataOut: '/account/api/reportToExcle/analysisDataOut',
  // cards lane (added)
  /** GET → the asset initialisation import template (xlsx). */
  assetsInitTemplate: '/fixedassets/api/assetsInit/template',
  /** DELETE { ids } → removes cards keyed at initialisation (before it is finished). */
  oldFinancialDelete: '/fixedassets/api/aetCard/oldFinancialDelete',
  // documents lane (ours)
  /** GET { assetClass, documentId? } → the cards a document may take out (reviewed, held, on hand). */
  assetDocumentCards: '/fixedassets/api/assetsDocument/cards',
  /** GET { assetClass? } paged asset changes; POST { cardId, changeDate, amount, lifeMonths? } records one; DELETE { ids }. */
  assetCardChanges: '/fixedassets/api/aetCard/change',
  // long lane (client page, ours)
  /** GET { year, month } → workbook: the month's amortisation detail (long-term deferred expenses, 181). */
  amortionExport: '/account/api/amortion/export',
} as const;

/** Header carrying the captcha key of getValidateCode, sent back as captchaKey at logOn. */
export const CAPTCHA_KEY_HEADER = 'x-captcha-key';
/** Header carrying the request id, on every answer. */
export const REQUEST_ID_HEADER = 'x-request-id';
