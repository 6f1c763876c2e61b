/**
 * 项目指标: a project's indicators (指标) as rows of code, name, parent and amount; a parent's amount
 * is its children's sum (shown, not keyed). 新增 adds a top indicator, 新增下级 one under the chosen
 * row (its code starts with the parent's), 删除 removes the chosen row with its children. Saved
 * whole; the server checks the rules again (an indicator a voucher chose stays a leaf).
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { BudgetDetail } from '../../shared/api/schemas/budget-setup.js';
import { formatFen } from '../../shared/money.js';
import { FormDialog } from '../message-box/FormDialog.js';
import { fetchIndicators, saveIndicators } from './budget-setup-api.js';
import { rowFen, rowsOfTree, type IndicatorRow } from './indicator-rows.js';

interface Props {
  detail: BudgetDetail;
  /** The user may save (项目预算's edit). */
  editable: boolean;
  onClose: () => void;
}

export function IndicatorDialog({ detail, editable, onClose }: Props) {
  const [rows, setRows] = useState<IndicatorRow[] | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [nextKey, setNextKey] = useState(1000);
  const focusCode = useRef<number | null>(null);

  useEffect(() => {
    fetchIndicators(detail.budgetId).then(
      (answer) => setRows(rowsOfTree(answer.indicators)),
      () => onClose(),
    );
  }, [detail.budgetId, onClose]);

  const list = rows ?? [];
  const isParent = (code: string) => code !== '' && list.some((r) => r.parentCode === code && r.code !== code);
  const change = (key: number, patch: Partial<IndicatorRow>) =>
    setRows((current) => (current ?? []).map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const add = (parent: IndicatorRow | null) => {
    const key = nextKey;
    setNextKey(key + 1);
    const row: IndicatorRow = { key, code: parent?.code ?? '', name: '', parentCode: parent?.code ?? '', amount: '' };
    setRows((current) => {
      const all = current ?? [];
      if (!parent) return [...all, row];
      // After the parent's last descendant, so siblings stay in the order they were added.
      let at = all.findIndex((r) => r.key === parent.key);
      while (at + 1 < all.length && all[at + 1]?.code.startsWith(parent.code) && all[at + 1]?.code !== parent.code) at += 1;
      return [...all.slice(0, at + 1), row, ...all.slice(at + 1)];
    });
    setChosen(key);
    focusCode.current = key;
  };

  // The new row's code is focused as it renders (before the next key arrives); it starts as the
  // parent's code, so the caret goes after it, to type the child's own digits.
  useLayoutEffect(() => {
    if (focusCode.current === null) return;
    const input = document.getElementById(`indicator-code-${focusCode.current}`) as HTMLInputElement | null;
    focusCode.current = null;
    input?.focus();
    input?.setSelectionRange(input.value.length, input.value.length);
  }, [rows]);
  const remove = () => {
    const row = list.find((r) => r.key === chosen);
    if (!row) return;
    const gone = new Set([row.code]);
    for (const r of list) if (r.code.startsWith(row.code) && row.code !== '') gone.add(r.code);
    setRows(list.filter((r) => r.key !== row.key && !(row.code !== '' && gone.has(r.parentCode))));
    setChosen(null);
  };

  const submit = async () => {
    if (!editable) {
      onClose();
      return;
    }
    setBusy(true);
    try {
      await saveIndicators({
        budgetId: detail.budgetId,
        indicators: list.map((r) => ({
          code: r.code.trim(),
          name: r.name.trim(),
          parentCode: r.parentCode.trim() || null,
          amount: isParent(r.code) || r.amount.trim() === '' ? null : r.amount.trim(),
        })),
      });
      onClose();
    } catch {
      // The request wrapper has shown the server's refusal (with the rows it names).
    } finally {
      setBusy(false);
    }
  };

  const chosenRow = list.find((r) => r.key === chosen) ?? null;

  return (
    <FormDialog
      title={`项目指标：${detail.projectName}`}
      className="budget-indicator-dialog"
      busy={busy || rows === null}
      submitLabel={editable ? '保存' : '关闭'}
      ctrlEnterSubmits
      note="上级指标的金额为其下级之和；凭证只能选择末级指标"
      buttons={
        editable && (
          <>
            <button type="button" className="btn" onClick={() => add(null)}>
              新增指标
            </button>
            <button
              type="button"
              className="btn"
              disabled={!chosenRow || chosenRow.code.trim() === ''}
              onClick={() => add(chosenRow)}
            >
              新增下级
            </button>
            <button type="button" className="btn" disabled={!chosenRow} onClick={remove}>
              删除
            </button>
          </>
        )
      }
      onSubmit={submit}
      onCancel={onClose}
    >
      <table className="budget-table" aria-label="指标">
        <thead>
          <tr>
            <th scope="col">指标编码</th>
            <th scope="col">指标名称</th>
            <th scope="col">上级编码</th>
            <th scope="col">金额（元）</th>
          </tr>
        </thead>
        <tbody>
          {list.map((r) => {
            const parent = isParent(r.code);
            const fen = rowFen(list, r.code);
            return (
              <tr key={r.key} className={r.key === chosen ? 'chosen' : undefined} onFocus={() => setChosen(r.key)}>
                <td>
                  <input
                    id={`indicator-code-${r.key}`}
                    aria-label="指标编码"
                    readOnly={!editable}
                    maxLength={30}
                    value={r.code}
                    onChange={(e) => change(r.key, { code: e.target.value })}
                  />
                </td>
                <td>
                  <input
                    aria-label="指标名称"
                    readOnly={!editable}
                    maxLength={100}
                    value={r.name}
                    onChange={(e) => change(r.key, { name: e.target.value })}
                  />
                </td>
                <td className="muted">{r.parentCode}</td>
                <td className="num">
                  {parent ? (
                    <span aria-label="下级合计">{fen === null ? '' : formatFen(fen, { thousands: true })}</span>
                  ) : (
                    <input
                      aria-label="金额"
                      inputMode="decimal"
                      readOnly={!editable}
                      value={r.amount}
                      onChange={(e) => change(r.key, { amount: e.target.value })}
                    />
                  )}
                </td>
              </tr>
            );
          })}
          {rows !== null && list.length === 0 && (
            <tr>
              <td colSpan={4} className="muted">
                还没有指标{editable ? '，点“新增指标”添加' : ''}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </FormDialog>
  );
}
