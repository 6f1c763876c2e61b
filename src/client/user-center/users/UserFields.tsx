/**
 * The fields of a user, in the dialog and in the operator page form: 登录名, 姓名, 初始密码 (new
 * users only), 所属单位, 部门 (of that unit), 用户类型, 联系电话. Each message under its field.
 */
import { useEffect, useState } from 'react';
import type { SelectOption } from '../../../shared/api/schemas/users.js';
import { TextField } from '../../message-box/TextField.js';
import { UnitPicker } from '../common/UnitPicker.js';
import { departmentOptions, userTypeOptions } from './users-api.js';
import type { UserForm, UserFormIssues } from './user-form.js';

function useTypes() {
  const [types, setTypes] = useState<SelectOption[]>([]);
  useEffect(() => {
    void userTypeOptions().then(setTypes);
  }, []);
  return types;
}

export function UserFields({
  form,
  issues,
  onChange,
}: {
  form: UserForm;
  issues: UserFormIssues;
  onChange: (next: UserForm) => void;
}) {
  const types = useTypes();
  const [departments, setDepartments] = useState<SelectOption[]>([]);
  useEffect(() => {
    if (!form.homeZtId) return;
    let live = true;
    void departmentOptions(Number(form.homeZtId)).then((list) => live && setDepartments(list));
    return () => {
      live = false;
    };
  }, [form.homeZtId]);
  const set = <K extends keyof UserForm>(key: K, value: UserForm[K]) => onChange({ ...form, [key]: value });
  const list = (key: keyof UserForm) => (issues[key] ? [issues[key]] : []);
  return (
    <div className="user-fields">
      <TextField
        id="user-login-name"
        label="登录名"
        autoComplete="off"
        value={form.loginName}
        issues={list('loginName')}
        hint="2-32位字母、汉字、数字或 _ . @ -，不区分大小写"
        onChange={(e) => set('loginName', e.target.value)}
      />
      <TextField
        id="user-name"
        label="姓名"
        value={form.name}
        issues={list('name')}
        onChange={(e) => set('name', e.target.value)}
      />
      {form.id === null && (
        <TextField
          id="user-password"
          label="初始密码"
          type="password"
          autoComplete="new-password"
          value={form.password}
          issues={list('password')}
          hint="8-32位，含大写、小写、数字、符号中的三类；首次登录须修改"
          onChange={(e) => set('password', e.target.value)}
        />
      )}
      <div className="field">
        <label htmlFor="user-home">所属单位</label>
        <UnitPicker
          inputId="user-home"
          className="floating"
          label="所属单位"
          placeholder={form.isAdmin ? '（不限）输入编码或名称，回车查找' : '输入编码或名称，回车查找'}
          invalid={!!issues.homeZtId}
          chosen={form.homeZtId ? { id: Number(form.homeZtId), name: form.homeZtName } : null}
          onChoose={(unit) =>
            onChange({ ...form, homeZtId: unit ? String(unit.id) : '', homeZtName: unit?.name ?? '', departmentId: '' })
          }
        />
      </div>
      <p className="field-error" role={issues.homeZtId ? 'alert' : undefined}>
        {issues.homeZtId}
      </p>
      <label className="field">
        <span>部门</span>
        <select id="user-department" value={form.departmentId} onChange={(e) => set('departmentId', e.target.value)}>
          <option value="">（无）</option>
          {(form.homeZtId ? departments : []).map((d) => (
            <option key={d.id} value={d.id}>
              {d.name}
            </option>
          ))}
        </select>
      </label>
      <p className="field-error" role={issues.departmentId ? 'alert' : undefined}>
        {issues.departmentId}
      </p>
      <label className="field">
        <span>用户类型</span>
        <select id="user-type" value={form.userTypeId} onChange={(e) => set('userTypeId', e.target.value)}>
          <option value="">（无）</option>
          {types.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </select>
      </label>
      <p className="field-error" role={issues.userTypeId ? 'alert' : undefined}>
        {issues.userTypeId}
      </p>
      <TextField
        id="user-phone"
        label="联系电话"
        inputMode="tel"
        value={form.phone}
        issues={list('phone')}
        hint="手机号或带区号的固定电话，可不填"
        onChange={(e) => set('phone', e.target.value)}
      />
    </div>
  );
}
