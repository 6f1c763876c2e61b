/**
 * 账套注册 (/user-center/register-ztList): a province registers its unions from one workbook.
 * 下载模板, 导入 (new sets only) or 覆盖导入 (existing codes rewritten), then the outcome: the
 * count made, or the bad rows (row, column, message) as a grid — nothing is imported while one
 * row is bad. 导出 writes the managed sets in the template's columns. Below, the ledger-set
 * templates: the current set saved as one, listed with what each carries, deleted.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { ZtTemplate } from '../../../shared/api/schemas/zt-register.js';
import {
  toZtImportIssueRows,
  ztImportIssuesGrid,
  type ZtImportIssueRow,
} from '../../../../grids/user-center/zt-import-issues.js';
import { toZtTemplateRow, ztTemplatesGrid, type ZtTemplateRow } from '../../../../grids/user-center/zt-templates.js';
import { GridEditor } from '../../grid/GridEditor.js';
import { FormDialog } from '../../message-box/FormDialog.js';
import { isReject, messageBox } from '../../message-box/message-box.js';
import { usePageTitle } from '../../shell/page-title.js';
import { usePermission } from '../../shell/Permission.js';
import { useSession } from '../../shell/session-store.js';
import { FIRST_PAGE, Pager, type PageState } from '../common/Pager.js';
import {
  deleteTemplate,
  downloadTemplate,
  exportSets,
  importWorkbook,
  listTemplates,
  saveTemplate,
  type ImportOutcome,
} from './zt-register-api.js';
import './zt-register.css';

function SaveTemplateDialog({
  setName,
  onSave,
  onCancel,
}: {
  setName: string;
  onSave: (name: string, memo: string) => Promise<void>;
  onCancel: () => void;
}) {
  const [name, setName_] = useState('');
  const [memo, setMemo] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <FormDialog
      title="保存为账套模板"
      note="Enter 保存 · Esc 取消"
      busy={busy}
      onCancel={onCancel}
      onSubmit={async () => {
        if (!name.trim()) {
          await messageBox.alert('请填写模板名称', { tone: 'warning' });
          return;
        }
        setBusy(true);
        try {
          await onSave(name.trim(), memo.trim());
        } finally {
          setBusy(false);
        }
      }}
    >
      <p className="dialog-note">取自当前账套：{setName}（科目表扩展、辅助核算、凭证模板和结转模板）</p>
      <label className="form-row">
        <span>模板名称</span>
        <input value={name} maxLength={64} onChange={(e) => setName_(e.target.value)} aria-label="模板名称" />
      </label>
      <label className="form-row">
        <span>说明</span>
        <input value={memo} maxLength={255} onChange={(e) => setMemo(e.target.value)} aria-label="说明" />
      </label>
    </FormDialog>
  );
}

export function ZtRegisterPage() {
  usePageTitle('账套注册');
  const authInfo = useSession((s) => s.authInfo);
  const permission = usePermission();
  const fileRef = useRef<HTMLInputElement>(null);
  const [rewrite, setRewrite] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const [issueRows, setIssueRows] = useState<ZtImportIssueRow[]>([]);
  const [templates, setTemplates] = useState<{ items: ZtTemplate[]; rows: ZtTemplateRow[]; total: number }>({
    items: [],
    rows: [],
    total: 0,
  });
  const [page, setPage] = useState<PageState>(FIRST_PAGE);
  const [filter, setFilter] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const reload = useCallback(async (next: PageState, name: string) => {
    try {
      const answer = await listTemplates(next.pageIndex, next.pageSize, name);
      setTemplates({
        items: answer.currentPageItems,
        rows: answer.currentPageItems.map(toZtTemplateRow),
        total: answer.totalItemCount,
      });
      setPage(next);
    } catch {
      // The request wrapper has shown the refusal.
    }
  }, []);
  useEffect(() => {
    listTemplates(FIRST_PAGE.pageIndex, FIRST_PAGE.pageSize, '')
      .then((answer) =>
        setTemplates({
          items: answer.currentPageItems,
          rows: answer.currentPageItems.map(toZtTemplateRow),
          total: answer.totalItemCount,
        }),
      )
      .catch(() => undefined);
  }, []);

  const pick = (asRewrite: boolean) => {
    setRewrite(asRewrite);
    fileRef.current?.click();
  };

  const upload = async (file: File) => {
    setBusy(true);
    setOutcome(null);
    try {
      const result = await importWorkbook(file, rewrite);
      setOutcome(result);
      setIssueRows(result.kind === 'refused' ? toZtImportIssueRows(result.issues) : []);
    } finally {
      setBusy(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  const remove = async () => {
    const template = templates.items.find((t) => String(t.id) === chosen);
    if (!template) {
      await messageBox.alert('请先在列表中选中一个模板', { tone: 'warning' });
      return;
    }
    try {
      await messageBox.confirm(`确定删除账套模板“${template.name}”吗？已用它建立的账套不受影响。`);
    } catch (error) {
      if (isReject(error)) return;
      throw error;
    }
    try {
      await deleteTemplate(template.id);
      setChosen(null);
      await reload(page, filter);
    } catch {
      // shown by the wrapper
    }
  };

  return (
    <div className="zt-register-page">
      <div className="zt-register-head">
        <h2>账套注册</h2>
        <span className="muted">按模板填写账套，整表导入：任何一行有错都不导入，并列出每一行的错误。</span>
      </div>
      <div className="zt-register-actions" role="toolbar" aria-label="账套注册">
        <button type="button" className="btn" onClick={() => void downloadTemplate().catch(() => undefined)}>
          下载模板
        </button>
        {permission.has('import') && (
          <>
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => pick(false)}>
              导入
            </button>
            <button
              type="button"
              className="btn"
              disabled={busy}
              onClick={() => pick(true)}
              title="已有编码的账套改为表中的名称、上级账套和到期日期"
            >
              覆盖导入
            </button>
          </>
        )}
        {permission.has('export') && (
          <>
            <button type="button" className="btn" onClick={() => void exportSets().catch(() => undefined)}>
              导出
            </button>
          </>
        )}
        <input
          ref={fileRef}
          type="file"
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          hidden
          aria-label="选择Excel文件"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void upload(file);
          }}
        />
        {busy && (
          <span className="muted" role="status">
            正在导入…
          </span>
        )}
      </div>

      {outcome?.kind === 'done' && (
        <p className="zt-register-done" role="status">
          {outcome.message}。<Link to="/user-center/zt-management">到账套管理查看</Link>
        </p>
      )}
      {outcome?.kind === 'refused' && (
        <section className="zt-register-issues" aria-label="导入错误">
          <p className="zt-register-refused" role="alert">
            {outcome.message}
          </p>
          <GridEditor<ZtImportIssueRow>
            definition={ztImportIssuesGrid}
            rows={issueRows}
            readOnly
            label="导入错误"
            maxHeight={320}
          />
        </section>
      )}

      <section className="zt-register-templates" aria-label="账套模板">
        <div className="zt-register-actions">
          <h3>账套模板</h3>
          <input
            className="zt-register-filter"
            placeholder="模板名称"
            aria-label="模板名称筛选"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') void reload({ ...page, pageIndex: 1 }, filter);
            }}
          />
          <button type="button" className="btn" onClick={() => void reload({ ...page, pageIndex: 1 }, filter)}>
            查询
          </button>
          {permission.has('template') && (
            <>
              <button type="button" className="btn" disabled={!authInfo?.ztId} onClick={() => setSaving(true)}>
                当前账套存为模板
              </button>
              <button type="button" className="btn" onClick={() => void remove()}>
                删除模板
              </button>
            </>
          )}
        </div>
        <GridEditor<ZtTemplateRow>
          definition={ztTemplatesGrid}
          rows={templates.rows}
          readOnly
          selectable
          onSelectionChange={(ids) => setChosen(ids[0] ?? null)}
          onFocusedRowChange={setChosen}
          label="账套模板列表"
          maxHeight={300}
        />
        <Pager total={templates.total} page={page} onChange={(next) => void reload(next, filter)} label="账套模板列表" />
      </section>
      {saving && authInfo?.ztId && (
        <SaveTemplateDialog
          setName={authInfo.ztName ?? ''}
          onCancel={() => setSaving(false)}
          onSave={async (name, memo) => {
            try {
              await saveTemplate({ name, memo, ztId: authInfo.ztId as number });
              setSaving(false);
              await reload(FIRST_PAGE, filter);
            } catch {
              // shown by the wrapper
            }
          }}
        />
      )}
    </div>
  );
}
