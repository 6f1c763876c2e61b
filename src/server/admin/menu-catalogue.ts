/**
 * The menus of the shell and the buttons each page knows, seeded into the menu table. Hrefs are
 * the client's absolute paths. Roles (user levels) are granted pages and buttons from this list.
 */
export interface MenuSeed {
  href: string;
  titleName: string;
  icon?: string;
  buttons?: readonly string[];
  adminOnly?: boolean;
  children?: readonly MenuSeed[];
}

const ALL_VOUCHER = ['add', 'edit', 'delete', 'review', 'book', 'cashierSign', 'print', 'export'];

/**
 * The administration half of the user center (issue 18). Pages marked adminOnly configure the
 * whole installation (menus, platforms, permissions, backups) and stay the super administrator's.
 */
export const USER_CENTER_PAGES: readonly MenuSeed[] = [
  { href: '/user-center/zt-management', titleName: '账套管理', buttons: ['add', 'edit', 'delete', 'enable', 'export'] },
  {
    href: '/user-center/provincial-level-zt-management',
    titleName: '省级账套管理',
    buttons: ['edit', 'enable', 'expire', 'level', 'export'],
  },
  { href: '/user-center/register-ztList', titleName: '账套注册', buttons: ['import', 'export', 'template'] },
  {
    href: '/user-center/ordinary-user-management',
    titleName: '用户管理',
    buttons: ['add', 'edit', 'delete', 'enable', 'resetPassword', 'grant', 'export'],
  },
  {
    href: '/user-center/operator-management',
    titleName: '操作员管理',
    buttons: ['add', 'edit', 'delete', 'enable', 'resetPassword'],
  },
  { href: '/user-center/user-type-management', titleName: '用户类型', buttons: ['add', 'edit', 'delete'] },
  { href: '/user-center/department-management', titleName: '部门管理', buttons: ['add', 'edit', 'delete'] },
  { href: '/user-center/role-management', titleName: '角色管理', buttons: ['add', 'edit', 'delete', 'enable', 'grant'] },
  { href: '/user-center/log-center', titleName: '操作日志', buttons: ['export'] },
  { href: '/user-center/access-record', titleName: '访问记录', buttons: ['export'] },
  { href: '/user-center/super-user', titleName: '超级用户', adminOnly: true, buttons: ['add', 'edit', 'resetPassword'] },
  { href: '/user-center/permission', titleName: '权限管理', adminOnly: true, buttons: ['add', 'edit', 'delete', 'enable'] },
  { href: '/user-center/permission-group', titleName: '权限组', adminOnly: true, buttons: ['add', 'edit', 'delete', 'enable'] },
  {
    href: '/user-center/menu-management',
    titleName: '菜单管理',
    adminOnly: true,
    buttons: ['add', 'edit', 'delete', 'enable', 'sort'],
  },
  { href: '/user-center/global-btn-permission', titleName: '全局按钮权限', adminOnly: true, buttons: ['edit'] },
  {
    href: '/user-center/platform-management',
    titleName: '平台管理',
    adminOnly: true,
    buttons: ['add', 'edit', 'delete', 'enable'],
  },
  { href: '/user-center/backup', titleName: '数据备份', adminOnly: true, buttons: ['add'] },
];

/** The budget pages (预算管理): the spec's names; approving the plan is the approver's alone (APPROVER_ONLY). */
export const BUDGET_PAGES: readonly MenuSeed[] = [
  { href: '/budget-management/project-budget', titleName: '项目预算', buttons: ['add', 'edit', 'delete', 'zdrapproval'] },
  { href: '/budget-management/zhichufenlei-shezhi', titleName: '支出分类设置', buttons: ['add', 'edit', 'delete'] },
  { href: '/budget-management/fangan-tianbao', titleName: '方案填报', buttons: ['edit', 'submit', 'export'] },
  { href: '/budget-management/fangan-shenpi', titleName: '方案审批', buttons: ['approve'] },
  { href: '/budget-management/guize-shezhi', titleName: '规则设置', buttons: ['edit'] },
  { href: '/budget-management/yusuan-zhenggai', titleName: '预算调整', buttons: ['edit'] },
  { href: '/budget-management/zhichu-yujing', titleName: '支出预警', buttons: ['export'] },
  { href: '/budget-management/budget-execution', titleName: '预算执行表', buttons: ['export'] },
];

export const MENU_CATALOGUE: readonly MenuSeed[] = [
  {
    href: '/accounting-management',
    titleName: '账务处理',
    icon: 'ledger',
    children: [
      { href: '/accounting-management/voucher-management/voucherAdd', titleName: '凭证录入', buttons: ['add', 'edit', 'delete'] },
      { href: '/accounting-management/voucher-management/voucherList', titleName: '凭证管理', buttons: ALL_VOUCHER },
      // Template calls and generation check the voucher editor's buttons (src/server/templates/routes.ts).
      { href: '/accounting-management/voucher-management/carryForward', titleName: '结转模板' },
      {
        href: '/accounting-management/initialization/subject',
        titleName: '会计科目',
        buttons: ['added', 'edit', 'delete', 'export'],
      },
      { href: '/accounting-management/initialization/subjectstart', titleName: '科目期初', buttons: ['edit', 'export'] },
      { href: '/accounting-management/initialization/auxiliary', titleName: '辅助核算', buttons: ['added', 'edit', 'delete'] },
      { href: '/accounting-management/books/detailaccount', titleName: '明细账', buttons: ['print', 'export'] },
      { href: '/accounting-management/books/generalledger', titleName: '总账', buttons: ['print', 'export'] },
      // regenerate: 重新生成发生额, the balances rebuilt from the voucher lines.
      {
        href: '/accounting-management/reports/trial-balance',
        titleName: '科目余额表',
        buttons: ['print', 'export', 'regenerate'],
      },
      { href: '/accounting-management/reports/balance-sheet', titleName: '资产负债表', buttons: ['print', 'export'] },
      { href: '/accounting-management/reports/income-expense', titleName: '收入支出表', buttons: ['print', 'export'] },
      // The asset reports (issue 23 §4).
      { href: '/accounting-management/reports/assets-debt', titleName: '资产负债情况表', buttons: ['print', 'export'] },
      { href: '/accounting-management/reports/lower-asset-warning', titleName: '低值资产预警', buttons: ['export'] },
      { href: '/accounting-management/reports/analysis', titleName: '收支分析', buttons: ['export'] },
      { href: '/accounting-management/monthly/close', titleName: '期末结账', buttons: ['close', 'unclose'] },
    ],
  },
  {
    href: '/fixed-assets',
    titleName: '固定资产',
    icon: 'asset',
    children: [
      // Issue 23; databases seeded before gain the new pages and buttons in migration 0036.
      { href: '/fixed-assets/fixed-assets/assets-init', titleName: '资产初始化', buttons: ['edit', 'import'] },
      {
        href: '/fixed-assets/fixed-assets/cards',
        titleName: '资产卡片',
        buttons: ['add', 'edit', 'delete', 'modify', 'review', 'voucher', 'export'],
      },
      { href: '/fixed-assets/fixed-assets/depreciation', titleName: '折旧摊销', buttons: ['add', 'voucher', 'export'] },
      { href: '/fixed-assets/fixed-assets/documents', titleName: '资产处置', buttons: ['add', 'edit', 'delete', 'voucher'] },
      {
        href: '/fixed-assets/fixed-assets/long-amortion',
        titleName: '长期待摊费用',
        buttons: ['add', 'edit', 'delete', 'review', 'voucher', 'export'],
      },
      { href: '/fixed-assets/fixed-assets/settings', titleName: '资产设置', buttons: ['add', 'edit', 'delete'] },
    ],
  },
  {
    href: '/funds-management',
    titleName: '经费核算',
    icon: 'funds',
    children: [
      { href: '/funds-management/funds-accounting', titleName: '上下级经费核算', buttons: ['add', 'edit', 'delete'] },
      { href: '/funds-management/funds-entry', titleName: '经费录入', buttons: ['add', 'edit'] },
      // The funds reports (issue 20 §4); databases seeded before gain them in migration 0031.
      { href: '/funds-management/funds-register', titleName: '经费上解台账', buttons: ['export'] },
      { href: '/funds-management/funds-payables', titleName: '上下级经费往来', buttons: ['export'] },
    ],
  },
  {
    href: '/budget-management',
    titleName: '预算管理',
    icon: 'budget',
    // Issue 21; databases seeded before gain the pages after 项目预算 in migration 0034.
    children: BUDGET_PAGES,
  },
  {
    href: '/wages-management',
    titleName: '工资管理',
    icon: 'wages',
    children: [{ href: '/wages-management/payroll', titleName: '工资发放', buttons: ['add', 'edit'] }],
  },
  {
    href: '/finalAccount-management',
    titleName: '决算管理',
    icon: 'final',
    children: [{ href: '/finalAccount-management/final-accounts', titleName: '年度决算', buttons: ['export'] }],
  },
  {
    href: '/accounting-management/transition',
    titleName: '新旧衔接',
    icon: 'transition',
    children: [
      {
        href: '/accounting-management/transition/subject-transition',
        titleName: '科目衔接底稿',
        buttons: ['edit', 'export', 'reconciliation', 'reconciliationvoucher'],
      },
    ],
  },
  {
    href: '/user-center',
    titleName: '用户中心',
    icon: 'admin',
    // The pages below that are not adminOnly are granted like any other: a county federation's
    // administrator manages its own subtree of ledger sets with them (admin/scope.ts).
    children: USER_CENTER_PAGES,
  },
];

/** Role grants: page href to the buttons granted there. A page's parent menu is implied. */
export interface LevelSeed {
  code: string;
  name: string;
  grants: Readonly<Record<string, readonly string[]>>;
}

function leaves(prefixes: readonly string[], buttons?: (page: MenuSeed) => readonly string[]): Record<string, readonly string[]> {
  const out: Record<string, readonly string[]> = {};
  for (const top of MENU_CATALOGUE) {
    for (const page of top.children ?? []) {
      // Administration is granted by name (ADMINISTRATION), never as part of "every page".
      if (page.href.startsWith('/user-center') && !prefixes.some((p) => p.startsWith('/user-center'))) continue;
      if (!page.adminOnly && prefixes.some((p) => page.href.startsWith(p)))
        out[page.href] = buttons ? buttons(page) : (page.buttons ?? []);
    }
  }
  return out;
}

/** The cashier's signature stays the cashier's: a bookkeeper signing for the cashier defeats the check it is. */
const CASHIER_ONLY = ['cashierSign'];

/** Who keys the budget plan does not approve it: approval is the reviewer's (审核). */
const APPROVER_ONLY = ['approve'];

/** The user-center pages an administrator of a subtree is granted, with every button. */
const ADMINISTRATION = Object.fromEntries(
  USER_CENTER_PAGES.filter((page) => !page.adminOnly).map((page) => [page.href, page.buttons ?? []]),
);

export const LEVEL_CATALOGUE: readonly LevelSeed[] = [
  {
    code: 'accountant',
    name: '会计',
    grants: leaves(['/'], (page) => (page.buttons ?? []).filter((b) => !CASHIER_ONLY.includes(b) && !APPROVER_ONLY.includes(b))),
  },
  {
    code: 'reviewer',
    name: '审核',
    grants: {
      // Reads, prints and exports the books and reports; rebuilding the balances is the accountant's.
      ...leaves(['/accounting-management/books', '/accounting-management/reports'], (page) =>
        ['print', 'export'].filter((b) => page.buttons?.includes(b)),
      ),
      '/accounting-management/voucher-management/voucherList': ['review', 'book', 'print', 'export'],
      // The editor without its buttons: a reviewer opens a voucher there to review it (read-only).
      '/accounting-management/voucher-management/voucherAdd': [],
      '/accounting-management/monthly/close': ['close'],
      '/budget-management/fangan-shenpi': ['approve'],
      '/budget-management/budget-execution': ['export'],
    },
  },
  {
    code: 'cashier',
    name: '出纳',
    grants: {
      '/accounting-management/voucher-management/voucherList': ['cashierSign', 'print'],
      '/accounting-management/books/detailaccount': ['print', 'export'],
      '/accounting-management/books/generalledger': ['print', 'export'],
    },
  },
  {
    code: 'administrator',
    name: '管理员',
    grants: ADMINISTRATION,
  },
];
