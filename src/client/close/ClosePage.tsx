/**
 * 期末结账 (/accounting-management/monthly/close): the regulatory inspection (规范性检查) of the
 * month, one row per area with its state and the action that fixes it; 结账 when every check
 * passes and 重新检查 otherwise; 反结账, quick close and quick reverse close; in December the
 * year-end reminder and, when the next year exists, the choice to overwrite its openings.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { AuthInfo } from '../../shared/api/auth.js';
import type { CloseCheckResult, CloseState } from '../../shared/api/close.js';
import { Paths } from '../../shared/api/paths.js';
import { CloseMessages } from '../../shared/close/messages.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { isReject, messageBox } from '../message-box/message-box.js';
import { usePageTitle } from '../shell/page-title.js';
import { Permission } from '../shell/Permission.js';
import { api, ApiError } from '../shell/request.js';
import { loadPermissions } from '../shell/session-flow.js';
import { useSession } from '../shell/session-store.js';
import { useTabs } from '../shell/tabs-store.js';
import { reloadBreak } from '../vouchers/list/list-api.js';
import { canClose, checkRows, stateLabel, type CheckAction } from './check-rows.js';
import {
  closeMonth,
  generateMonthCarry,
  generateYearCarry,
  loadCheck,
  loadCloseState,
  openNextYear,
  reopenMonth,
} from './close-api.js';
import { MonthPickerDialog, type PeriodChoice } from './MonthPickerDialog.js';
import { useIgnoredBalance } from './ignored-balance.js';
import './close.css';
import { noteClosedMonths } from '../shell/working-month.js';

const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

type Dialog = { kind: 'quickClose' } | { kind: 'quickReopen' } | null;

/** 4016 after a close: the shell reloads what it knows of the set and starts again at /home. */
async function followUpAfterClose(navigate: (to: string) => void | Promise<void>): Promise<void> {
  const info = await api.get<AuthInfo>(Paths.getInfo);
  useSession.getState().setAuthInfo(info);
  await loadPermissions();
  useTabs.getState().closeAll();
  await navigate('/home');
}

export function ClosePage() {
  usePageTitle('期末结账');
  const navigate = useNavigate();
  const year = useSession((s) => s.authInfo?.year) ?? new Date().getFullYear();
  const [state, setState] = useState<CloseState | null>(null);
  const [month, setMonth] = useState<number | null>(null);
  const [check, setCheck] = useState<CloseCheckResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [cover, setCover] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [ignored, setIgnored] = useIgnoredBalance();

  const thisYear = state?.years.find((y) => y.year === year);
  const closed = useMemo(() => thisYear?.closedMonths ?? [], [thisYear]);

  const refresh = useCallback(
    async (wanted?: number) => {
      const s = await loadCloseState();
      setState(s);
      const current = s.years.find((y) => y.year === year);
      if (current) noteClosedMonths(current.startMonth, current.closedMonths);
      const m = wanted ?? Math.min(s.nextOpenMonth, 12);
      setMonth(m);
      setCheck(await loadCheck(year, m));
    },
    [year],
  );

  // The state and the check of the first open month, on arrival.
  useEffect(() => {
    let active = true;
    loadCloseState()
      .then(async (s) => {
        const m = Math.min(s.nextOpenMonth, 12);
        const first = await loadCheck(year, m);
        if (!active) return;
        setState(s);
        setMonth(m);
        setCheck(first);
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [year]);

  const recheck = async (m = month) => {
    if (m === null) return;
    setBusy(true);
    try {
      setCheck(await loadCheck(year, m));
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  };

  const rows = check ? checkRows(check, ignored) : [];
  const ready = check !== null && canClose(rows) && month !== null && !closed.includes(month);

  const confirmYearEnd = async (): Promise<boolean> => {
    try {
      await messageBox.confirm(
        `12月结账即为${year}年度年结：本年各科目期末余额将结转为${year + 1}年度期初余额。请确认已生成年结凭证并审核记账。`,
        { title: '年结提醒' },
      );
      if (state?.laterYearExists && cover) {
        await messageBox.confirm(CloseMessages.coverConfirm, { title: '覆盖下一年度期初' });
        await messageBox.confirm(CloseMessages.coverSecondConfirm, { title: '再次确认', tone: 'error' });
      }
      return true;
    } catch (error) {
      if (isReject(error)) return false;
      throw error;
    }
  };

  /** Closes one month; false when it did not close (the reason was shown). */
  const closeOne = async (m: number): Promise<boolean> => {
    if (m === 12 && !(await confirmYearEnd())) return false;
    try {
      const done = await closeMonth({ year, month: m, isCoverNextData: cover, ignoreBalance: ignored });
      return done !== null;
    } catch (error) {
      if (error instanceof ApiError && error.envelope?.errorCode === ErrorCode.CloseFollowUp) {
        await followUpAfterClose(navigate);
      }
      return false;
    }
  };

  const onClose = async () => {
    if (month === null) return;
    if (!ready) {
      await recheck();
      return;
    }
    // December asks its own question (年结提醒); every other month is confirmed as the reverse close is.
    if (month !== 12) {
      try {
        await messageBox.confirm(CloseMessages.closeConfirm(year, month), { title: '结账' });
      } catch (error) {
        if (isReject(error)) return;
        throw error;
      }
    }
    setBusy(true);
    try {
      if (await closeOne(month)) {
        messageBox.fireAndForget(messageBox.alert(CloseMessages.closed(year, month), { tone: 'success' }));
        await refresh();
      }
    } finally {
      setBusy(false);
    }
  };

  const reopen = async (target: PeriodChoice) => {
    const later = (state?.years ?? [])
      .flatMap((y) => y.closedMonths.map((m) => ({ year: y.year, month: m })))
      .filter((p) => p.year > target.year || (p.year === target.year && p.month > target.month));
    const also = later.length > 0 ? `，以后已结账的${later.map((p) => `${p.year}年${p.month}月`).join('、')}也将一并反结账` : '';
    try {
      await messageBox.confirm(`确定反结账${target.year}年${target.month}月${also}吗？反结账前系统会自动备份。`, {
        title: '反结账',
      });
    } catch (error) {
      if (isReject(error)) return;
      throw error;
    }
    setBusy(true);
    try {
      const done = await reopenMonth({ year: target.year, month: target.month });
      if (done) {
        messageBox.fireAndForget(messageBox.alert(done.message, { tone: 'success' }));
        // An earlier year's reverse close changes what the shell knows of the years.
        if (target.year < year) useSession.getState().setAuthInfo(await api.get<AuthInfo>(Paths.getInfo));
        await refresh(target.year === year ? target.month : undefined);
      }
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  };

  const quickClose = async (target: PeriodChoice) => {
    setDialog(null);
    setBusy(true);
    try {
      const from = state?.nextOpenMonth ?? 1;
      let last = 0;
      for (let m = from; m <= target.month; m++) {
        if (!(await closeOne(m))) break;
        last = m;
      }
      if (last > 0) messageBox.fireAndForget(messageBox.alert(`已结账至${year}年${last}月`, { tone: 'success' }));
      await refresh(last < target.month ? Math.min(last + 1, 12) : undefined);
    } finally {
      setBusy(false);
    }
  };

  const runAction = async (action: CheckAction) => {
    switch (action.kind) {
      case 'link':
        await navigate(action.to);
        return;
      case 'ignoreBalance':
        setIgnored(true);
        return;
      case 'reloadBreak':
        try {
          for (const m of action.months) await reloadBreak(year, m);
        } catch {
          return;
        }
        break;
      case 'carryMonth':
        try {
          messageBox.fireAndForget(messageBox.alert(await generateMonthCarry(year, action.month), { tone: 'success' }));
        } catch {
          return;
        }
        break;
      case 'carryYear':
        try {
          messageBox.fireAndForget(messageBox.alert(await generateYearCarry(year), { tone: 'success' }));
        } catch {
          return;
        }
        break;
    }
    await recheck();
  };

  const startNextYear = async () => {
    try {
      await messageBox.confirm(`将建立${year + 1}年度（复制本年科目，不含期初余额），切换到新年度后需结转期初余额。继续吗？`, {
        title: '开始下一年度',
      });
      messageBox.fireAndForget(messageBox.alert(await openNextYear(), { tone: 'success' }));
      await refresh(month ?? undefined);
    } catch {
      // cancelled or shown
    }
  };

  const openChoices: PeriodChoice[] = MONTHS.filter((m) => m >= (state?.nextOpenMonth ?? 13)).map((m) => ({ year, month: m }));
  const closedChoices: PeriodChoice[] = (state?.years ?? []).flatMap((y) =>
    y.closedMonths.map((m) => ({ year: y.year, month: m })),
  );
  const lastClosed = closed.length > 0 ? closed[closed.length - 1] : undefined;

  return (
    <div className="close-page">
      <div className="close-head">
        <h1>期末结账</h1>
        <label>
          <span>会计期间</span>
          <select
            aria-label="结账月份"
            value={month ?? ''}
            onChange={(e) => {
              const m = Number(e.target.value);
              setMonth(m);
              void recheck(m);
            }}
          >
            {MONTHS.map((m) => (
              <option key={m} value={m}>
                {year}年{m}月{closed.includes(m) ? '（已结账）' : ''}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="btn" disabled={busy} onClick={() => void recheck()}>
          检查
        </button>
        <span className="close-spacer" />
        <Permission value="close">
          <button
            type="button"
            className="btn"
            disabled={busy || !state || state.nextOpenMonth > 12}
            onClick={() => setDialog({ kind: 'quickClose' })}
          >
            快速结账
          </button>
        </Permission>
        <Permission value="unclose">
          <button
            type="button"
            className="btn"
            disabled={busy || closedChoices.length === 0}
            onClick={() => setDialog({ kind: 'quickReopen' })}
          >
            快速反结账
          </button>
        </Permission>
      </div>

      <ol className="close-months" aria-label="各月结账状态">
        {MONTHS.map((m) => (
          <li key={m} className={closed.includes(m) ? 'closed' : m === state?.nextOpenMonth ? 'current' : ''}>
            {m}月<small>{closed.includes(m) ? '已结账' : m === state?.nextOpenMonth ? '当前' : '未结账'}</small>
          </li>
        ))}
      </ol>

      {month === 12 && !closed.includes(12) && (
        <div className="close-reminder" role="note" aria-label="年结提醒">
          <b>年结提醒：</b>12月结账即为年度结账。请先在结转模板中生成年结凭证并审核记账，结账后本年期末余额将自动结转为{year + 1}
          年度期初余额。
          {state?.laterYearExists && (
            <div className="close-cover" role="radiogroup" aria-label="下一年度期初数据">
              <label>
                <input type="radio" name="cover" checked={!cover} onChange={() => setCover(false)} /> 保留{year + 1}年度期初数据
              </label>
              <label>
                <input type="radio" name="cover" checked={cover} onChange={() => setCover(true)} /> 覆盖{year + 1}年度期初数据
              </label>
            </div>
          )}
        </div>
      )}

      <table className="close-checks" aria-label="规范性检查">
        <thead>
          <tr>
            <th>检查项目</th>
            <th>状态</th>
            <th>说明</th>
            <th>操作</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} className={`state-${r.state}`} aria-label={r.area}>
              <td>{r.area}</td>
              <td>
                <span className="close-state">{stateLabel(r.state)}</span>
              </td>
              <td>{r.detail}</td>
              <td>
                {r.actions.map((a) => (
                  <button
                    key={a.label}
                    type="button"
                    className="link-button close-action"
                    disabled={busy}
                    onClick={() => void runAction(a)}
                  >
                    {a.label}
                  </button>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <div className="close-foot">
        {month !== null && closed.includes(month) ? (
          <span className="close-done">
            {year}年{month}月已结账
          </span>
        ) : (
          <Permission value="close">
            <button type="button" className="btn btn-primary" disabled={busy || !check} onClick={() => void onClose()}>
              {ready ? '结账' : '重新检查'}
            </button>
          </Permission>
        )}
        <Permission value="unclose">
          <button
            type="button"
            className="btn"
            disabled={busy || lastClosed === undefined}
            onClick={() => lastClosed !== undefined && void reopen({ year, month: lastClosed })}
          >
            反结账{lastClosed !== undefined ? `（${lastClosed}月）` : ''}
          </button>
        </Permission>
        {month === 12 && state && !state.laterYearExists && (
          <Permission value="close">
            <button type="button" className="btn" disabled={busy} onClick={() => void startNextYear()}>
              开始{year + 1}年度
            </button>
          </Permission>
        )}
      </div>

      {dialog?.kind === 'quickClose' && (
        <MonthPickerDialog
          title="快速结账"
          note={`从${year}年${state?.nextOpenMonth ?? 1}月起逐月检查并结账，直到所选月份；某月检查未通过即停止。`}
          choices={openChoices}
          initial={openChoices[openChoices.length - 1]}
          confirmLabel="结账"
          onConfirm={(c) => void quickClose(c)}
          onCancel={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'quickReopen' && (
        <MonthPickerDialog
          title="快速反结账"
          note="反结账所选月份及其后所有已结账月份（从最后一个月起逐月反结账），反结账前自动备份。"
          choices={closedChoices}
          initial={closedChoices[closedChoices.length - 1]}
          confirmLabel="反结账"
          onConfirm={(c) => {
            setDialog(null);
            void reopen(c);
          }}
          onCancel={() => setDialog(null)}
        />
      )}
    </div>
  );
}
