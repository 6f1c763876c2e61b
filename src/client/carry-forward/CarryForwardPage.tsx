/**
 * 结转模板 (/accounting-management/voucher-management/carryForward): the month and year
 * carry-forward templates in two tabs (built-ins of the chart and the set's own, in their order),
 * add / edit (a built-in is saved as a copy) / delete (是否删除当前结转模板？; built-ins cannot be),
 * the order edited in place and saved for the whole page (编辑排序 / 保存排序; a non-numeric order
 * becomes 0), and the buttons that generate the month's or the year's carry-forward voucher with
 * the server's message (暂未生成年结模板… when there is no year template).
 */
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { CarryForwardTemplate } from '../../shared/api/templates.js';
import { VOUCHER_ADD_PATH } from '../../shared/financial-state.js';
import { amountTypeName, CarryForwardMessages } from '../../shared/templates/carry-forward-rules.js';
import { TemplateMessages } from '../../shared/templates/template-rules.js';
import { isReject, messageBox } from '../message-box/message-box.js';
import { usePageTitle } from '../shell/page-title.js';
import { useSession } from '../shell/session-store.js';
import { deleteCarryTemplate, generateCarryForward, listCarryTemplates, saveCarryOrder } from './carry-forward-api.js';
import { orderRequest } from './carry-forward-rows.js';
import { CarryForwardDialog } from './CarryForwardDialog.js';
import './carry-forward.css';
import { useWorkingMonth } from '../shell/working-month.js';
import { MonthSelect } from '../books/PeriodFields.js';

type Editing = { template: CarryForwardTemplate | null } | null;

export function CarryForwardPage() {
  usePageTitle('结转模板');
  const navigate = useNavigate();
  const authInfo = useSession((s) => s.authInfo);
  const year = authInfo?.year ?? new Date().getFullYear();
  const [isMonth, setIsMonth] = useState(true);
  const [templates, setTemplates] = useState<CarryForwardTemplate[] | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [ordering, setOrdering] = useState<Map<string, string> | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [month, setMonth] = useState(useWorkingMonth());
  const [busy, setBusy] = useState(false);

  const load = useCallback(async (month: boolean, select?: string) => {
    try {
      const list = await listCarryTemplates(month);
      setTemplates(list);
      setSelected((current) => select ?? (list.some((t) => t.id === current) ? current : (list[0]?.id ?? null)));
    } catch {
      setTemplates([]);
    }
  }, []);

  useEffect(() => {
    let live = true;
    listCarryTemplates(isMonth).then(
      (list) => {
        if (!live) return;
        setTemplates(list);
        setSelected(list[0]?.id ?? null);
      },
      () => live && setTemplates([]),
    );
    return () => {
      live = false;
    };
  }, [isMonth]);

  const switchTab = (month: boolean) => {
    if (month === isMonth) return;
    setTemplates(null);
    setOrdering(null);
    setIsMonth(month);
  };

  const current = templates?.find((t) => t.id === selected) ?? null;

  const remove = async (t: CarryForwardTemplate) => {
    if (t.isBuiltIn) {
      await messageBox.alert(TemplateMessages.builtInDelete, { tone: 'warning' });
      return;
    }
    try {
      await messageBox.confirm(CarryForwardMessages.deleteConfirm, { title: '删除结转模板' });
    } catch (error) {
      if (isReject(error)) return;
      throw error;
    }
    try {
      await deleteCarryTemplate(t.id);
      await load(isMonth);
    } catch {
      // Shown by the request wrapper.
    }
  };

  const toggleOrder = async () => {
    if (!templates) return;
    if (!ordering) {
      setOrdering(new Map(templates.map((t) => [t.id, String(t.templateSort)])));
      return;
    }
    try {
      await saveCarryOrder(orderRequest(templates, ordering));
      setOrdering(null);
      await load(isMonth);
    } catch {
      // Shown by the request wrapper.
    }
  };

  const generate = async () => {
    setBusy(true);
    try {
      const { result, message } = await generateCarryForward(year, isMonth ? month : null);
      const pressed = await messageBox.choose({
        title: '结转成功',
        message,
        tone: 'success',
        buttons: [
          { label: '查看凭证', value: 'open' },
          { label: '确定', value: 'confirm', primary: true },
        ],
      });
      if (pressed === 'open') void navigate(`${VOUCHER_ADD_PATH}?id=${encodeURIComponent(result.voucher.id)}`);
    } catch {
      // A refusal (暂未生成年结模板…, a closed month, nothing to carry) is shown by the request wrapper.
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="carry-page" aria-label="结转模板">
      <div className="carry-toolbar">
        <div className="carry-tabs" role="tablist" aria-label="结转类型">
          {[true, false].map((m) => (
            <button
              key={String(m)}
              type="button"
              role="tab"
              aria-selected={m === isMonth}
              className={m === isMonth ? 'btn btn-primary' : 'btn'}
              onClick={() => switchTab(m)}
            >
              {m ? '月末结转模板' : '年末结转模板'}
            </button>
          ))}
        </div>
        <div className="carry-generate">
          {isMonth ? (
            <label>
              <span>{year}年</span>
              <MonthSelect label="结转月份" value={month} onChange={setMonth} />
            </label>
          ) : (
            <span>{year}年</span>
          )}
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void generate()}>
            {isMonth ? '生成期末结转凭证' : '生成年结凭证'}
          </button>
        </div>
      </div>
      <div className="carry-actions">
        <button type="button" className="btn" onClick={() => setEditing({ template: null })}>
          新增
        </button>
        <button type="button" className="btn" disabled={!current} onClick={() => current && setEditing({ template: current })}>
          修改
        </button>
        <button
          type="button"
          className="btn"
          disabled={!current || current.isBuiltIn}
          onClick={() => current && void remove(current)}
        >
          删除
        </button>
        <button type="button" className="btn" disabled={!templates?.length} onClick={() => void toggleOrder()}>
          {ordering ? '保存排序' : '编辑排序'}
        </button>
        {ordering && (
          <button type="button" className="btn" onClick={() => setOrdering(null)}>
            取消排序
          </button>
        )}
      </div>
      <div className="carry-table-wrap">
        <table className="carry-table" aria-label={isMonth ? '月末结转模板' : '年末结转模板'}>
          <thead>
            <tr>
              <th className="carry-order">排序</th>
              <th>模板名称</th>
              <th>摘要</th>
              <th>说明</th>
              <th>转出金额</th>
              <th>结转科目</th>
              <th>来源</th>
            </tr>
          </thead>
          <tbody>
            {templates === null && (
              <tr>
                <td colSpan={7} className="muted">
                  加载中…
                </td>
              </tr>
            )}
            {templates?.length === 0 && (
              <tr>
                <td colSpan={7} className="muted">
                  {isMonth ? '暂无月末结转模板' : '暂无年末结转模板'}
                </td>
              </tr>
            )}
            {templates?.map((t) => (
              <tr
                key={t.id}
                aria-selected={t.id === selected}
                className={t.id === selected ? 'active' : undefined}
                onClick={() => setSelected(t.id)}
                onDoubleClick={() => setEditing({ template: t })}
              >
                <td className="carry-order">
                  {ordering ? (
                    <input
                      aria-label={`${t.name}的排序`}
                      value={ordering.get(t.id) ?? ''}
                      disabled={t.isBuiltIn}
                      onChange={(e) => setOrdering(new Map(ordering).set(t.id, e.target.value))}
                    />
                  ) : (
                    t.templateSort
                  )}
                </td>
                <td>{t.name}</td>
                <td>{t.summary}</td>
                <td className="carry-memo-cell" title={t.memo}>
                  {t.memo}
                </td>
                <td>{amountTypeName(t.carryOverAmountType)}</td>
                <td className="carry-lines" title={t.details.map((d) => `${d.subjectCode}→${d.intoSubjectCode}`).join('；')}>
                  {t.details.length}行：
                  {[...new Set(t.details.map((d) => d.intoCodeAndFullName))].map((name) => `转入 ${name}`).join('；')}
                </td>
                <td>{t.isBuiltIn ? <span className="template-tag">内置</span> : '自定义'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {current && (
        <div className="carry-detail" aria-label="模板明细">
          <h2>{current.name}</h2>
          <table className="carry-table">
            <thead>
              <tr>
                <th>转出科目</th>
                <th>转出辅助项</th>
                <th>金额类型</th>
                <th>转入科目</th>
                <th>转入辅助项</th>
              </tr>
            </thead>
            <tbody>
              {current.details.map((d, i) => (
                <tr key={i}>
                  <td>{d.codeAndFullName}</td>
                  <td>{d.auxis.map((a) => a.infoName || a.infoNo).join('、') || '全部'}</td>
                  <td>{amountTypeName(d.carryOverAmountType)}</td>
                  <td>{d.intoCodeAndFullName}</td>
                  <td>{d.intoAuxis.map((a) => a.infoName || a.infoNo).join('、')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing && (
        <CarryForwardDialog
          template={editing.template}
          isMonth={isMonth}
          onCancel={() => setEditing(null)}
          onSaved={(saved, message) => {
            setEditing(null);
            messageBox.fireAndForget(messageBox.alert(message, { tone: 'success' }));
            if (saved.isMonth !== isMonth) switchTab(saved.isMonth);
            else void load(isMonth, saved.id);
          }}
        />
      )}
    </section>
  );
}
