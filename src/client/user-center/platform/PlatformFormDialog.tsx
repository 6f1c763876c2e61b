/**
 * 新增平台 / 编辑平台: code (letters or digits), name (1-30 characters) and the top-level menu
 * groups the platform holds, as a checklist (a group another platform holds is shown with its
 * holder and cannot be ticked; the user center is no platform's). Checked as on the server
 * (shared/platform/platform-rules.ts); a refusal stays in the dialog. Enter saves (also on a
 * checkbox, where Space ticks), Esc cancels.
 */
import { useEffect, useState, type KeyboardEvent } from 'react';
import type { MenuGroupOption, PlatformItem } from '../../../shared/api/schemas/platform.js';
import { platformCodeProblem, platformNameProblem } from '../../../shared/platform/platform-rules.js';
import { FormDialog } from '../../message-box/FormDialog.js';
import { messageBox } from '../../message-box/message-box.js';
import { TextField } from '../../message-box/TextField.js';
import { ApiError, performAction } from '../../shell/request.js';
import { shownInDialog } from '../zt/ZtEditDialog.js';
import { menuGroups, savePlatform } from './platform-api.js';

/** Enter on a checkbox saves, as Enter in a text field does. */
export function enterSubmits(event: KeyboardEvent<HTMLInputElement>): void {
  if (event.key !== 'Enter' || event.ctrlKey || event.altKey || event.shiftKey || event.metaKey) return;
  event.preventDefault();
  event.currentTarget.form?.requestSubmit();
}

export function PlatformFormDialog({ platform, onClose }: { platform: PlatformItem | null; onClose: (saved: boolean) => void }) {
  const [code, setCode] = useState(platform?.code ?? '');
  const [name, setName] = useState(platform?.name ?? '');
  const [chosen, setChosen] = useState<string[]>(platform?.menus.map((m) => m.href) ?? []);
  const [groups, setGroups] = useState<MenuGroupOption[] | null>(null);
  const [issues, setIssues] = useState<{ code?: string; name?: string }>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let active = true;
    menuGroups().then(
      (list) => active && setGroups(list),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, []);

  const submit = async () => {
    const found = {
      ...(platformCodeProblem(code.trim()) ? { code: platformCodeProblem(code.trim()) ?? '' } : {}),
      ...(platformNameProblem(name.trim()) ? { name: platformNameProblem(name.trim()) ?? '' } : {}),
    };
    setIssues(found);
    setRefusal(null);
    if (found.code || found.name) return;
    setBusy(true);
    try {
      await savePlatform({ ...(platform ? { id: platform.id } : {}), code: code.trim(), name: name.trim(), menuHrefs: chosen });
      messageBox.fireAndForget(messageBox.alert(platform ? '平台已保存' : '平台已新建', { tone: 'success' }));
      onClose(true);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (shownInDialog(error)) setRefusal(error.message);
      else performAction(error.action);
    } finally {
      setBusy(false);
    }
  };

  const toggle = (href: string, on: boolean) => setChosen((list) => (on ? [...list, href] : list.filter((h) => h !== href)));

  return (
    <FormDialog
      title={platform ? `编辑平台 ${platform.name}` : '新增平台'}
      className="platform-dialog"
      busy={busy}
      note="空格勾选菜单组，回车保存"
      onSubmit={submit}
      onCancel={() => onClose(false)}
    >
      <TextField
        id="platform-code"
        label="平台编码"
        value={code}
        maxLength={32}
        autoComplete="off"
        autoFocus
        issues={issues.code ? [issues.code] : []}
        hint="字母或数字，不分大小写唯一"
        onChange={(e) => setCode(e.target.value)}
      />
      <TextField
        id="platform-name"
        label="平台名称"
        value={name}
        maxLength={30}
        autoComplete="off"
        issues={issues.name ? [issues.name] : []}
        hint="1至30个字"
        onChange={(e) => setName(e.target.value)}
      />
      <fieldset className="platform-groups">
        <legend>包含的菜单组</legend>
        {groups === null && <span className="muted">正在读取菜单组…</span>}
        {groups?.map((g) => {
          const elsewhere = g.platformId !== null && g.platformId !== platform?.id;
          return (
            <label key={g.href} className={elsewhere ? 'platform-group taken' : 'platform-group'}>
              <input
                type="checkbox"
                checked={chosen.includes(g.href)}
                disabled={elsewhere}
                onChange={(e) => toggle(g.href, e.target.checked)}
                onKeyDown={enterSubmits}
              />
              {g.titleName}
              {elsewhere && <span className="muted">（属于{g.platformName}）</span>}
            </label>
          );
        })}
        <p className="muted">用户中心不属于任何平台，始终可用；不属于任何平台的菜单组在每个账套都出现。</p>
      </fieldset>
      {refusal && (
        <p className="field-error" role="alert">
          {refusal}
        </p>
      )}
    </FormDialog>
  );
}
