/**
 * A role's rights: the menu catalogue's pages as a tree (GrantTree: menus, their pages, each
 * page's buttons as checkboxes) and the recommended flag. Offered are the pages the administrator
 * may grant (the server's catalogue call: every grantable page for the super administrator, its
 * own for a subtree administrator); buttons switched off in the installation are greyed. 应用权限组
 * adds an enabled permission group's pages and buttons to the role on the server (within what the
 * administrator may grant) and shows the role as saved. An installation role opened by a subtree
 * administrator is read-only.
 */
import { useEffect, useRef, useState } from 'react';
import type { PermissionGroup } from '../../../shared/api/schemas/permissions.js';
import type { CatalogueNode, RoleItem } from '../../../shared/api/schemas/rights.js';
import { FormDialog } from '../../message-box/FormDialog.js';
import { isReject, messageBox } from '../../message-box/message-box.js';
import { GrantTree, resourcesOf, type Granted } from './GrantTree.js';
import { applyGroup, listGroups, permissionOptions } from './permissions-api.js';
import { recommendRole, roleCatalogue, roleDetail, saveRoleResources } from './rights-api.js';

export function RoleRightsDialog({ role, onClose }: { role: RoleItem; onClose: (saved: boolean) => void }) {
  const [catalogue, setCatalogue] = useState<CatalogueNode[] | null>(null);
  const [granted, setGranted] = useState<Granted>(new Map());
  const [dirty, setDirty] = useState(false);
  // A group applied is saved on the server: the list behind reloads however the dialog closes.
  const [applied, setApplied] = useState(false);
  const [recommend, setRecommend] = useState(role.isRecommend);
  const [labels, setLabels] = useState<Record<string, string>>({});
  const [groups, setGroups] = useState<PermissionGroup[]>([]);
  const [groupId, setGroupId] = useState('');
  const [busy, setBusy] = useState(false);
  const readOnly = !role.editable;
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });

  useEffect(() => {
    let active = true;
    Promise.all([roleCatalogue(), roleDetail(role.id)]).then(
      ([nodes, detail]) => {
        if (!active) return;
        setCatalogue(nodes);
        setGranted(new Map(detail.resources.map((r) => [r.href, new Set(r.resourceList)])));
      },
      () => closeRef.current(false),
    );
    // The names of the buttons and the groups are a help: without them the dialog still works.
    permissionOptions().then(
      (options) => active && setLabels(Object.fromEntries(options.map((o) => [o.code, o.name]))),
      () => undefined,
    );
    if (role.editable)
      listGroups().then(
        (all) => active && setGroups(all.filter((g) => g.enable)),
        () => undefined,
      );
    return () => {
      active = false;
    };
  }, [role.id, role.editable]);

  const apply = async () => {
    const group = groups.find((g) => String(g.id) === groupId);
    if (!group) {
      await messageBox.alert('请先选择一个权限组', { tone: 'warning' });
      return;
    }
    if (dirty) {
      try {
        await messageBox.confirm('应用权限组将放弃本对话框中尚未保存的修改，继续吗？', { title: '应用权限组' });
      } catch (error) {
        if (isReject(error)) return;
        throw error;
      }
    }
    setBusy(true);
    try {
      const { added } = await applyGroup(group.id, role.id);
      const detail = await roleDetail(role.id);
      setGranted(new Map(detail.resources.map((r) => [r.href, new Set(r.resourceList)])));
      setDirty(false);
      setApplied(true);
      messageBox.fireAndForget(
        messageBox.alert(
          added ? `已应用权限组“${group.name}”，新增${added}项权限` : `角色已包含权限组“${group.name}”的全部权限`,
          {
            tone: 'success',
          },
        ),
      );
    } catch {
      // Shown by the request wrapper (a page beyond the administrator's own is named).
    } finally {
      setBusy(false);
    }
  };

  const save = async () => {
    if (readOnly) {
      onClose(applied);
      return;
    }
    setBusy(true);
    try {
      await saveRoleResources(role.id, resourcesOf(catalogue ?? [], granted));
      if (recommend !== role.isRecommend) await recommendRole(role.id, recommend);
      messageBox.fireAndForget(messageBox.alert('角色权限已保存', { tone: 'success' }));
      onClose(true);
    } catch {
      // Shown by the request wrapper.
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      title={`角色权限：${role.name}`}
      className="rights-dialog"
      busy={busy || catalogue === null}
      submitLabel={readOnly ? '关闭' : '保存'}
      note={readOnly ? '全系统角色，只有超级管理员可以修改' : '↑↓ 换行，←→ 换按钮，空格勾选；灰色按钮已在本系统关闭'}
      onSubmit={save}
      onCancel={() => onClose(applied)}
    >
      <label className="rights-recommend">
        <input type="checkbox" checked={recommend} disabled={readOnly} onChange={(e) => setRecommend(e.target.checked)} />
        推荐角色（授权时排在前面）
      </label>
      {!readOnly && groups.length > 0 && (
        <div className="rights-apply">
          <label>
            <span>权限组 </span>
            <select aria-label="权限组" value={groupId} onChange={(e) => setGroupId(e.target.value)}>
              <option value="">（选择权限组）</option>
              {groups.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="btn" disabled={busy} onClick={() => void apply()}>
            应用权限组
          </button>
        </div>
      )}
      {catalogue === null ? (
        <p className="muted">正在读取…</p>
      ) : (
        <GrantTree
          catalogue={catalogue}
          granted={granted}
          onChange={(next) => {
            setGranted(next);
            setDirty(true);
          }}
          readOnly={readOnly}
          labels={labels}
          label="页面和按钮"
        />
      )}
    </FormDialog>
  );
}
