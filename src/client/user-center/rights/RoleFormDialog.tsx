/** 新增角色 / 编辑角色: code, name and remark; the server checks the code is free and answers why not. */
import { useState } from 'react';
import type { RoleItem } from '../../../shared/api/schemas/rights.js';
import { FormDialog } from '../../message-box/FormDialog.js';
import { messageBox } from '../../message-box/message-box.js';
import { TextField } from '../../message-box/TextField.js';
import { saveRole } from './rights-api.js';

const CODE = /^[A-Za-z0-9_-]{1,32}$/;

export function RoleFormDialog({ role, onClose }: { role: RoleItem | null; onClose: (saved: boolean) => void }) {
  const [code, setCode] = useState(role?.code ?? '');
  const [name, setName] = useState(role?.name ?? '');
  const [remark, setRemark] = useState(role?.remark ?? '');
  const [issues, setIssues] = useState<{ code?: string; name?: string }>({});
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const found: { code?: string; name?: string } = {};
    if (!CODE.test(code.trim())) found.code = '角色编码须为1至32位字母、数字、下划线或短横线';
    if (!name.trim() || name.trim().length > 32) found.name = '角色名称须为1至32个字';
    setIssues(found);
    if (found.code || found.name) return;
    setBusy(true);
    try {
      await saveRole({ ...(role ? { id: role.id } : {}), code: code.trim(), name: name.trim(), remark: remark.trim() });
      messageBox.fireAndForget(messageBox.alert(role ? '角色已保存' : '角色已新建', { tone: 'success' }));
      onClose(true);
    } catch {
      // The request wrapper has shown the refusal (a code in use names its role).
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog title={role ? '编辑角色' : '新增角色'} busy={busy} onSubmit={submit} onCancel={() => onClose(false)}>
      <TextField
        id="role-code"
        label="角色编码"
        value={code}
        maxLength={32}
        autoComplete="off"
        issues={issues.code ? [issues.code] : []}
        hint="字母、数字、下划线或短横线"
        onChange={(e) => setCode(e.target.value)}
      />
      <TextField
        id="role-name"
        label="角色名称"
        value={name}
        maxLength={32}
        autoComplete="off"
        issues={issues.name ? [issues.name] : []}
        onChange={(e) => setName(e.target.value)}
      />
      <TextField id="role-remark" label="备注" value={remark} maxLength={200} onChange={(e) => setRemark(e.target.value)} />
    </FormDialog>
  );
}
