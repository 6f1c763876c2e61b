import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import type { ZtElectItem } from '../../shared/api/auth.js';
import { Paths } from '../../shared/api/paths.js';
import { PRODUCT_NAME } from '../shell/config-store.js';
import { usePageTitle } from '../shell/page-title.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { ChangePasswordDialog } from '../auth/ChangePasswordDialog.js';
import { api, ApiError, performAction } from '../shell/request.js';
import { enterLedgerSet, logout } from '../shell/session-flow.js';
import { useSession } from '../shell/session-store.js';
import { accountingSystemName } from '../shell/labels.js';
import { buildZtTree, defaultYear, filterZtTree, flattenZtTree, moveSelection, stepYear, ztMatches } from './zt-tree.js';

/** /selecting: choose the ledger set (tree, search) and the year, then 进入. */
export function SelectingPage() {
  usePageTitle('选择账套');
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const currentZt = useSession((s) => s.authInfo?.ztId ?? null);
  const [items, setItems] = useState<ZtElectItem[] | null>(null);
  const [query, setQuery] = useState('');
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const [picked, setPicked] = useState<number | null>(null);
  const [yearChoice, setYearChoice] = useState<{ ztId: number; year: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const [mustChangePassword, setMustChangePassword] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const treeRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let active = true;
    api
      .get<ZtElectItem[]>(Paths.ztElect, undefined, { silent: true })
      .then((list) => active && setItems(list ?? []))
      .catch((error: unknown) => {
        if (!active) return;
        // A password that must be changed first (reload after login, reset by an administrator).
        if (error instanceof ApiError && error.envelope?.errorCode === ErrorCode.PasswordChangeRequired) {
          setMustChangePassword(true);
          return;
        }
        if (error instanceof ApiError) performAction(error.action);
        setItems([]);
      });
    return () => {
      active = false;
    };
  }, [attempt]);

  const tree = useMemo(() => buildZtTree(items ?? []), [items]);
  const visible = useMemo(
    () => flattenZtTree(filterZtTree(tree, query), query.trim() ? new Set() : collapsed),
    [tree, query, collapsed],
  );
  // The selection stays visible: the picked set, else the first match of the search, else the
  // session's set, else the first one shown.
  const chosen =
    (
      visible.find((n) => n.item.id === picked) ??
      visible.find((n) => ztMatches(n.item, query)) ??
      visible.find((n) => n.item.id === currentZt) ??
      visible[0]
    )?.item ?? null;
  const selected = chosen?.id ?? null;
  const year = chosen ? (yearChoice?.ztId === chosen.id ? yearChoice.year : defaultYear(chosen.years)) : null;
  const select = (id: number | null) => setPicked(id);
  const setYear = (value: number) => chosen && setYearChoice({ ztId: chosen.id, year: value });

  useEffect(() => {
    if (selected === null) return;
    treeRef.current?.querySelector(`[data-zt-id="${selected}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [selected]);

  const enter = async () => {
    if (!chosen || year === null || busy) return;
    setBusy(true);
    try {
      await enterLedgerSet({ ztId: chosen.id, year });
      void navigate('/home');
    } catch {
      // The wrapper showed the message.
    } finally {
      setBusy(false);
    }
  };

  const toggle = (id: number, open?: boolean) =>
    setCollapsed((previous) => {
      const next = new Set(previous);
      const isOpen = !next.has(id);
      if (open ?? !isOpen) next.delete(id);
      else next.add(id);
      return next;
    });

  const onKeyDown = (event: KeyboardEvent) => {
    const node = visible.find((n) => n.item.id === selected);
    switch (event.key) {
      case 'ArrowDown':
        select(moveSelection(visible, selected, 1));
        break;
      case 'ArrowUp':
        select(moveSelection(visible, selected, -1));
        break;
      case 'ArrowRight':
        if (node?.hasChildren && event.currentTarget === treeRef.current) toggle(node.item.id, true);
        else return;
        break;
      case 'ArrowLeft':
        if (node?.hasChildren && event.currentTarget === treeRef.current) toggle(node.item.id, false);
        else return;
        break;
      case 'PageUp':
      case 'PageDown': {
        const next = chosen ? stepYear(chosen.years, year, event.key === 'PageUp' ? -1 : 1) : null;
        if (next !== null) setYear(next);
        break;
      }
      case 'Enter':
        void enter();
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  // The year list chooses with its own arrows; Enter there enters, as everywhere on the page.
  const onYearKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void enter();
  };

  return (
    <div className="selecting-page">
      <header className="selecting-header">
        <div className="brand">
          <span className="brand-mark small" aria-hidden="true">
            工
          </span>
          {PRODUCT_NAME}
        </div>
        <div className="selecting-user">
          {user?.name}
          <button
            type="button"
            className="link-button"
            onClick={() => {
              void logout().then(() => navigate('/'));
            }}
          >
            退出
          </button>
        </div>
      </header>
      <main className="selecting-card">
        <h1>选择账套</h1>
        <p className="muted">请选择要进入的账套和会计年度。↑ ↓ 选择账套，PageUp / PageDown 选择年度，回车进入。</p>
        <input
          className="search"
          type="search"
          aria-label="搜索账套"
          placeholder="按账套名称或编码搜索"
          autoFocus
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setPicked(null);
          }}
          onKeyDown={onKeyDown}
        />
        <div className="zt-tree" role="tree" aria-label="账套" tabIndex={0} ref={treeRef} onKeyDown={onKeyDown}>
          {items === null && <p className="muted pad">正在加载账套…</p>}
          {items !== null && visible.length === 0 && (
            <p className="muted pad">{items.length ? '没有匹配的账套' : '您没有可进入的账套，请联系管理员'}</p>
          )}
          {visible.map((node) => (
            <div
              key={node.item.id}
              role="treeitem"
              aria-selected={node.item.id === selected}
              aria-level={node.depth + 1}
              aria-expanded={node.hasChildren ? !collapsed.has(node.item.id) || query.trim() !== '' : undefined}
              data-zt-id={node.item.id}
              className={node.item.id === selected ? 'zt-row selected' : 'zt-row'}
              style={{ paddingLeft: 12 + node.depth * 22 }}
              onClick={() => select(node.item.id)}
              onDoubleClick={() => void enter()}
            >
              <span
                className="zt-toggle"
                onClick={(e) => {
                  e.stopPropagation();
                  if (node.hasChildren) toggle(node.item.id);
                }}
              >
                {node.hasChildren ? (collapsed.has(node.item.id) && !query.trim() ? '▸' : '▾') : ''}
              </span>
              <span className="zt-name">{node.item.name}</span>
              <span className="zt-code">{node.item.code}</span>
            </div>
          ))}
        </div>
        <div className="selecting-footer">
          <label className="field inline">
            <span>会计年度</span>
            <select
              aria-label="会计年度"
              value={year ?? ''}
              onChange={(e) => setYear(Number(e.target.value))}
              onKeyDown={onYearKeyDown}
              disabled={!chosen}
            >
              {(chosen?.years ?? []).map((y) => (
                <option key={y} value={y}>
                  {y} 年
                </option>
              ))}
            </select>
          </label>
          <div className="selecting-chosen muted">
            {chosen ? `${chosen.name} · ${accountingSystemName(chosen.accountingSystem)}` : ''}
          </div>
          <button
            type="button"
            className="btn btn-primary"
            disabled={!chosen || year === null || busy}
            onClick={() => void enter()}
          >
            进入
          </button>
        </div>
      </main>
      {mustChangePassword && (
        <ChangePasswordDialog
          blocking
          onDone={() => {
            setMustChangePassword(false);
            setAttempt((n) => n + 1);
          }}
        />
      )}
    </div>
  );
}
