/**
 * The user form's state and its checks, shared by the dialog (用户管理, 超级用户) and the page form
 * (新增操作员, 编辑操作员): the same rules as the server (src/shared/user-rules.ts, the password
 * rule), each message under its field.
 */
import type { SaveUserRequest, UserItem } from '../../../shared/api/schemas/users.js';
import type { UnitChoice } from '../common/UnitPicker.js';
import { passwordProblem } from '../../../shared/password-policy.js';
import { loginNameProblem, normaliseLogin, phoneProblem, userNameProblem } from '../../../shared/user-rules.js';

export interface UserForm {
  id: number | null;
  loginName: string;
  name: string;
  password: string;
  homeZtId: string;
  /** The name shown for homeZtId (the unit picker finds units by name on the server). */
  homeZtName: string;
  phone: string;
  userTypeId: string;
  departmentId: string;
  isAdmin: boolean;
}

export type UserFormIssues = Partial<Record<keyof UserForm, string>>;

export function emptyUserForm(home: UnitChoice | null, isAdmin = false): UserForm {
  return {
    id: null,
    loginName: '',
    name: '',
    password: '',
    homeZtId: home === null ? '' : String(home.id),
    homeZtName: home?.name ?? '',
    phone: '',
    userTypeId: '',
    departmentId: '',
    isAdmin,
  };
}

export function userFormOf(u: UserItem): UserForm {
  return {
    id: u.id,
    loginName: u.loginName,
    name: u.name,
    password: '',
    homeZtId: u.homeZtId === null ? '' : String(u.homeZtId),
    homeZtName: u.homeZtName,
    phone: u.phone,
    userTypeId: u.userTypeId === null ? '' : String(u.userTypeId),
    departmentId: u.departmentId === null ? '' : String(u.departmentId),
    isAdmin: u.isAdmin,
  };
}

export function checkUserForm(form: UserForm): UserFormIssues {
  const issues: UserFormIssues = {};
  const login = loginNameProblem(form.loginName);
  if (login) issues.loginName = login;
  const name = userNameProblem(form.name);
  if (name) issues.name = name;
  if (form.id === null) {
    const password = form.password ? passwordProblem(form.password, normaliseLogin(form.loginName)) : '请输入初始密码';
    if (password) issues.password = password;
  }
  if (!form.isAdmin && !form.homeZtId) issues.homeZtId = '请选择所属单位';
  const phone = phoneProblem(form.phone);
  if (phone) issues.phone = phone;
  return issues;
}

const idOrNull = (text: string) => (text ? Number(text) : null);

export function toSaveRequest(form: UserForm): SaveUserRequest {
  return {
    ...(form.id === null ? { password: form.password } : { id: form.id }),
    loginName: form.loginName,
    name: form.name,
    homeZtId: idOrNull(form.homeZtId),
    phone: form.phone,
    userTypeId: idOrNull(form.userTypeId),
    departmentId: idOrNull(form.departmentId),
    isAdmin: form.isAdmin,
  };
}

/** Which field a server refusal belongs under (by its words), else the form's own line. */
export function fieldOfMessage(message: string): keyof UserForm | null {
  if (message.includes('登录名')) return 'loginName';
  if (message.includes('密码')) return 'password';
  if (message.includes('姓名')) return 'name';
  if (message.includes('联系电话')) return 'phone';
  if (message.includes('所属单位')) return 'homeZtId';
  if (message.includes('部门')) return 'departmentId';
  if (message.includes('用户类型')) return 'userTypeId';
  return null;
}
