/**
 * The operation log's actions as the administrator reads them (操作日志's 操作 column and filter).
 * An action recorded without a name here is shown as recorded (area.verb).
 */
export const ACTION_NAMES: Readonly<Record<string, string>> = {
  'zt.create': '新建账套',
  'zt.update': '修改账套',
  'zt.enable': '启用账套',
  'zt.disable': '停用账套',
  'zt.delete': '删除账套',
  'zt.import': '导入账套',
  'zt.setExpiration': '设置账套到期时间',
  'zt.setLevel': '设置账套级次',
  'zt.template': '账套模板',
  'user.create': '新建用户',
  'user.update': '修改用户',
  'user.enable': '启用用户',
  'user.disable': '停用用户',
  'user.delete': '删除用户',
  'user.resetPassword': '重置密码',
  'user.changePassword': '修改本人密码',
  'role.create': '新建角色',
  'role.update': '修改角色',
  'role.delete': '删除角色',
  'role.grant': '授予权限',
  'grant.set': '设置用户账套权限',
  'menu.update': '修改菜单',
  'zt.platforms': '设置账套平台',
  'platform.create': '新建平台',
  'platform.edit': '修改平台',
  'platform.enable': '启用平台',
  'platform.disable': '停用平台',
  'platform.recommend': '推荐平台',
  'platform.sort': '调整平台顺序',
  'platform.delete': '删除平台',
};

/** The areas of the filter (an action filter ending in '.' takes the whole area). */
export const ACTION_AREAS: Readonly<Record<string, string>> = {
  'zt.': '账套',
  'user.': '用户',
  'role.': '角色',
  'grant.': '授权',
  'menu.': '菜单',
  'platform.': '平台',
};

export function actionText(action: string): string {
  return ACTION_NAMES[action] ?? action;
}

/** The time of a record as China reads it (one time zone, no summer time): yyyy-MM-dd HH:mm:ss. */
export function chinaTimeText(ms: number): string {
  return new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** The first millisecond of a China calendar day (yyyy-MM-dd). */
export function chinaDayStart(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) - 8 * 3_600_000;
}
