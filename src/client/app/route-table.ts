/**
 * The client's route catalogue (spec doc 1 section 2, doc 2 section 2) as data: the router is
 * built from it and the guards classify a path with it.
 */
export interface ModuleArea {
  /** First path segment, e.g. 'accounting-management'. */
  segment: string;
  name: string;
}

export const MODULE_AREAS: readonly ModuleArea[] = [
  { segment: 'accounting-management', name: '会计核算' },
  { segment: 'fixed-assets', name: '固定资产' },
  { segment: 'funds-management', name: '经费核算' },
  { segment: 'budget-management', name: '预算管理' },
  { segment: 'wages-management', name: '工资管理' },
  { segment: 'new-wages-management', name: '新版工资管理' },
  { segment: 'audit-system-management', name: '审计管理' },
  { segment: 'audit-authorization', name: '审计授权' },
  { segment: 'finalAccount-management', name: '决算管理' },
  { segment: 'cost-management', name: '费用管理' },
  { segment: 'bill-management', name: '票据管理' },
  { segment: 'bill-system', name: '票据系统' },
  { segment: 'electronicArchives', name: '电子档案' },
  { segment: 'performance-management', name: '绩效管理' },
  { segment: 'cost-control', name: '费控管理' },
  { segment: 'system-settings', name: '系统设置' },
  { segment: 'building-management', name: '建会入会' },
];

/** Public pages that later issues fill; for now they say so. */
export const PUBLIC_PLACEHOLDERS: readonly { path: string; name: string }[] = [
  { path: '/no-access', name: '无访问权限' },
  { path: '/corresponding', name: '对应关系' },
  { path: '/encryptionDecryption', name: '加密解密' },
  { path: '/costcontrolfer', name: '费控对接' },
  { path: '/comprehensiveCase', name: '综合案例' },
  { path: '/authorization', name: '授权' },
  { path: '/transfer', name: '跳转' },
  { path: '/othertransfer', name: '第三方跳转' },
  { path: '/peaceTransfer', name: '平安跳转' },
  { path: '/landInsTransfer', name: '跳转' },
  { path: '/applyforinvoicing', name: '申请开票' },
  { path: '/entryMaterials', name: '入会材料' },
  { path: '/db-exe-version', name: '数据库版本' },
];

export const SIGN_IN_PATHS = ['/', '/login', '/oalogin'] as const;
export const ERROR_PATHS = ['/404', '/403'] as const;

export const USER_CENTER_BASE = '/user-center';

/** Child routes of /user-center (spec doc 1 section 2), with the Chinese page names. */
export const USER_CENTER_CHILDREN: readonly { path: string; name: string }[] = [
  { path: 'access-record', name: '访问记录' },
  { path: 'public-power', name: '公共权限' },
  { path: 'add-ureport', name: '新增报表' },
  { path: 'profile-settings', name: '个人设置' },
  { path: 'encrypt-and-decrypt', name: '加密解密' },
  { path: 'global-btn-permission', name: '全局按钮权限' },
  { path: 'table-design', name: '表样设计' },
  { path: 'table-design/Table-sample-editing', name: '表样编辑' },
  { path: 'table-design/report-viewing', name: '报表查看' },
  { path: 'shared-files', name: '共享文件' },
  { path: 'dblog', name: '数据库日志' },
  { path: 'db-exe-version', name: '数据库版本' },
  { path: 'zt-management', name: '账套管理' },
  { path: 'provincial-level-zt-management', name: '省级账套管理' },
  { path: 'zt-management-authorization', name: '账套授权' },
  { path: 'register-ztList', name: '注册账套' },
  { path: 'menu-management', name: '菜单管理' },
  { path: 'unified-management', name: '统一管理' },
  { path: 'permission-group', name: '权限组' },
  { path: 'home-block-settings', name: '首页板块设置' },
  { path: 'permission', name: '权限管理' },
  { path: 'role-management', name: '角色管理' },
  { path: 'platform-management', name: '平台管理' },
  { path: 'ordinary-user-management', name: '普通用户管理' },
  { path: 'operator-management', name: '操作员管理' },
  { path: 'add-operator', name: '新增操作员' },
  { path: 'edit-operator/:id', name: '编辑操作员' },
  { path: 'super-user', name: '超级用户' },
  { path: 'userpush', name: '用户推送' },
  { path: 'task-list', name: '任务列表' },
  { path: 'department-management', name: '部门管理' },
  { path: 'user-type-management', name: '用户类型管理' },
  { path: 'dictionary-management', name: '字典管理' },
  { path: 'role-permissions', name: '角色权限' },
  { path: 'menu', name: '菜单' },
  { path: 'data-import', name: '数据导入' },
  { path: 'home-block', name: '首页板块' },
  { path: 'hbdata-import', name: '湖北数据导入' },
  { path: 'history-data-import', name: '历史数据导入' },
  { path: 'dataBackup-matters', name: '数据备份事项' },
  { path: 'profile', name: '个人资料' },
  { path: 'system-query', name: '系统查询' },
  { path: 'auxiliary-management', name: '辅助核算管理' },
  { path: 'maycur', name: '每刻报销' },
  { path: 'backup', name: '数据备份' },
  { path: 'authorization', name: '授权' },
  { path: 'authorization/authorization-username', name: '授权用户' },
  { path: 'log-center', name: '操作日志' },
  { path: 'menu-sort', name: '菜单排序' },
  { path: 'print-design', name: '打印设计' },
  { path: 'grpc-log', name: 'gRPC 日志' },
  { path: 'station-letter', name: '站内信' },
  { path: 'certificate', name: '证书' },
  { path: 'maintenance-cost-control-personnel', name: '费控人员维护' },
  { path: 'web-config-controller', name: '网站配置' },
  { path: 'cost-control-mapping', name: '费控映射' },
  { path: 'home-module-settings', name: '首页模块设置' },
  { path: 'system-print-report/binding-printing-role', name: '打印角色绑定' },
  { path: 'system-print-report/maintenance', name: '打印报表维护' },
  { path: 'system-print-report/print-name-settings', name: '打印名称设置' },
  { path: 'maintain-bank-list', name: '银行列表维护' },
  { path: 'synchronized-front-end', name: '前端同步' },
  { path: 'zhichufenlei-shezhi', name: '支出分类设置' },
  { path: 'fangan-tianbao', name: '方案填报' },
  { path: 'fangan-shenpi', name: '方案审批' },
  { path: 'guize-shezhi', name: '规则设置' },
  { path: 'yusuan-zhenggai', name: '预算整改' },
  { path: 'zhichu-yujing', name: '支出预警' },
];

export type RouteKind = 'sign-in' | 'public' | 'selecting' | 'home' | 'module' | 'user-center' | 'unknown';

/** True when `path` matches `pattern`; ':name' matches one segment (':id' digits only). */
export function matchesPattern(pattern: string, path: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const have = path.split('/').filter(Boolean);
  if (want.length !== have.length) return false;
  return want.every((segment, i) => {
    const actual = have[i] ?? '';
    if (segment === ':id') return /^\d+$/.test(actual);
    if (segment.startsWith(':')) return actual.length > 0;
    return segment === actual;
  });
}

export function normalisePath(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

export function routeKind(rawPath: string): RouteKind {
  const path = normalisePath(rawPath);
  if ((SIGN_IN_PATHS as readonly string[]).includes(path)) return 'sign-in';
  if ((ERROR_PATHS as readonly string[]).includes(path) || PUBLIC_PLACEHOLDERS.some((p) => p.path === path)) return 'public';
  if (path === '/selecting') return 'selecting';
  if (path === '/home') return 'home';
  const first = path.split('/')[1] ?? '';
  if (MODULE_AREAS.some((area) => area.segment === first)) return 'module';
  if (path === USER_CENTER_BASE) return 'user-center';
  if (path.startsWith(`${USER_CENTER_BASE}/`)) {
    const rest = path.slice(USER_CENTER_BASE.length + 1);
    return USER_CENTER_CHILDREN.some((child) => matchesPattern(child.path, rest)) ? 'user-center' : 'unknown';
  }
  return 'unknown';
}

export function moduleAreaOf(path: string): ModuleArea | undefined {
  const first = path.split('/')[1] ?? '';
  return MODULE_AREAS.find((area) => area.segment === first);
}
