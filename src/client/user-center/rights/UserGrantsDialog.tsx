/**
 * A user's grants: every ledger set the administrator manages, with the role the user holds there
 * (或 不授权). Saving replaces the user's grants within the administrator's scope; grants in sets
 * outside it are not shown and stay as they are. Opened from 角色管理 (by login name) and, with the
 * user's id, from the users page.
 */
import { useEffect, useRef, useState } from 'react';
import type { RoleOption, UserGrants } from '../../../shared/api/schemas/rights.js';
import { FormDialog } from '../../message-box/FormDialog.js';
import { messageBox } from '../../message-box/message-box.js';
import { roleOptions, saveUserGrants, userGrants } from './rights-api.js';

export interface UserGrantsDialogProps {
  user: { userId: number } | { loginName: string };
  onClose: (saved: boolean) => void;
}

export function UserGrantsDialog({ user, onClose }: UserGrantsDialogProps) {
  const [grants, setGrants] = useState<UserGrants | null>(null);
  const [roles, setRoles] = useState<RoleOption[]>([]);
  const [chosen, setChosen] = useState<Map<number, number>>(new Map());
  const [filter, setFilter] = useState('');
  const [busy, setBusy] = useState(false);
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });
  const key = 'userId' in user ? `id:${user.userId}` : `login:${user.loginName}`;

  useEffect(() => {
    let active = true;
    const who = key.startsWith('id:') ? { userId: Number(key.slice(3)) } : { loginName: key.slice(6) };
    Promise.all([userGrants(who), roleOptions()]).then(
      ([g, r]) => {
        if (!active) return;
        setGrants(g);
        setRoles(r);
        setChosen(new Map(g.ztLevels.filter((z) => z.userLevelId !== null).map((z) => [z.ztId, z.userLevelId ?? 0])));
      },
      () => closeRef.current(false),
    );
    return () => {
      active = false;
    };
  }, [key]);

  const save = async () => {
    if (!grants) return;
    setBusy(true);
    try {
      await saveUserGrants(
        grants.userId,
        [...chosen].map(([ztId, userLevelId]) => ({ ztId, userLevelId })),
      );
      messageBox.fireAndForget(messageBox.alert('授权已保存', { tone: 'success' }));
      onClose(true);
    } catch {
      // Shown by the request wrapper.
    } finally {
      setBusy(false);
    }
  };

  const shown = (grants?.ztLevels ?? []).filter((z) => !filter || z.ztName.includes(filter) || z.ztCode.includes(filter));
  return (
    <FormDialog
      title={grants ? `用户授权：${grants.name}（${grants.loginName}）` : '用户授权'}
      className="grants-dialog"
      busy={busy || grants === null}
      note={`已授权 ${chosen.size} 个账套`}
      onSubmit={save}
      onCancel={() => onClose(false)}
    >
      <label className="field">
        <span>筛选账套</span>
        <input aria-label="筛选账套" value={filter} onChange={(e) => setFilter(e.target.value)} />
      </label>
      <div className="grants-table-wrap">
        <table className="grants-table" aria-label="账套及角色">
          <thead>
            <tr>
              <th>账套编码</th>
              <th>账套名称</th>
              <th>角色</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((z) => (
              <tr key={z.ztId}>
                <td>{z.ztCode}</td>
                <td>{z.ztName}</td>
                <td>
                  <select
                    aria-label={`${z.ztName}的角色`}
                    value={chosen.get(z.ztId) ?? ''}
                    onChange={(e) =>
                      setChosen((current) => {
                        const next = new Map(current);
                        if (e.target.value === '') next.delete(z.ztId);
                        else next.set(z.ztId, Number(e.target.value));
                        return next;
                      })
                    }
                  >
                    <option value="">不授权</option>
                    {roles.map((r) => (
                      <option key={r.id} value={r.id}>
                        {r.isRecommend ? `★ ${r.name}` : r.name}
                      </option>
                    ))}
                    {/* A role held but no longer offered (disabled, another unit's) still shows what the user has. */}
                    {z.userLevelId !== null && !roles.some((r) => r.id === z.userLevelId) && (
                      <option value={z.userLevelId}>{z.userLevelName}（停用）</option>
                    )}
                  </select>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </FormDialog>
  );
}
