/**
 * 凭证录入 (/accounting-management/voucher-management/voucherAdd): the voucher editor on the grid
 * engine. Header (category, proposed number, period, date, attached documents), the lines grid
 * (grids/voucher.ts, with its keyboard conventions), the signatures, and the flow around them:
 * a new voucher from the server's recommendation, save (the shared rules first, then the server;
 * a refusal keeps every line and marks the cells) and on to the next blank voucher, PageUp /
 * PageDown through the year's vouchers, review with the 已审核 seal, and a local draft that
 * survives a reload until the voucher is saved or the draft discarded.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { EmptyVoucherResponse, Voucher } from '../../shared/api/vouchers.js';
import type { ValidationIssue } from '../../shared/envelope.js';
import { ErrorCode } from '../../shared/error-codes.js';
import type { CommandId, GridDefinition } from '../../shared/grid/definition.js';
import type { SubjectItem } from '../../shared/api/subjects.js';
import type { CellExtras } from '../grid/cell-extras.js';
import { auxiKeyOf, parseAuxiKey, type AuxiChoice } from '../../shared/subjects/auxiliary-rules.js';
import {
  blankVoucherRow,
  createVoucherGrid,
  padVoucherRows,
  voucherIssues,
  withoutCarriedTail,
  type VoucherLineRow,
} from '../../../grids/voucher.js';
import { AuxiliaryPicker, type PickedAuxi } from '../auxiliary/AuxiliaryPicker.js';
import { fetchTypeInfo } from '../auxiliary/auxiliary-api.js';
import type { AuxiInfo } from '../../shared/api/auxiliary.js';
import { BudgetMessages } from '../../shared/budget/messages.js';
import { VoucherBudgets } from './voucher-budget-store.js';
import { figuresOfItem, forbiddenChoice, itemKey, warnedOverruns } from './voucher-budget.js';
import { IndicatorPicker } from './IndicatorPicker.js';
import { withTarget } from './line-auxis.js';
import { GridEditor, type GridEditorHandle } from '../grid/GridEditor.js';
import { fenToYuanString } from '../../shared/money.js';
import { proposeRemittance } from '../funds/funds-reports-api.js';
import { FUNDS_UNIT_TYPE, INCOME_ROOT, RemittanceMessages, remittanceSource, withProposal } from './remittance-proposal.js';
import { CANNOT_SAVE, newRowId } from '../grid/grid-actions.js';
import { messageBox } from '../message-box/message-box.js';
import { usePageTitle } from '../shell/page-title.js';
import { usePermission } from '../shell/Permission.js';
import { permissionList } from '../shell/permission-logic.js';
import { ApiError } from '../shell/request.js';
import { useSession } from '../shell/session-store.js';
import { fetchSubjects } from '../subjects/subject-api.js';
import { SubjectPicker } from '../subjects/SubjectPicker.js';
import { SummaryManager } from './SummaryManager.js';
import type { TemplateLineInput, VoucherTemplate } from '../../shared/api/templates.js';
import { AttachmentDialog } from '../files/AttachmentDialog.js';
import { PrintDialog } from '../print/PrintDialog.js';
import { exportVoucherSheets } from './voucher-sheets-api.js';
import { isReject } from '../message-box/message-box.js';
import { SaveTemplateDialog } from './templates/SaveTemplateDialog.js';
import { TemplatePicker } from './templates/TemplatePicker.js';
import { hasContent, tablesFromTemplate, templateLinesOf } from './voucher-template-rows.js';
import {
  fetchEmptyVoucher,
  fetchNeighbour,
  fetchNextNumber,
  fetchSubjectBalance,
  fetchVoucher,
  reviewVoucher,
  saveVoucher,
} from './voucher-api.js';
import { lookupsOf, voucherCellExtras, VoucherLookupStore } from './voucher-cells.js';
import { MoneyLinesToggle, useMoneyLines, withMoneyLineCells } from './MoneyLinesToggle.js';
import { SubjectBalances } from './voucher-balances.js';
import { clearDraft, draftKey, readDraft, writeDraft } from './voucher-draft.js';
import { VoucherFooter } from './VoucherFooter.js';
import { VoucherHeadBar } from './VoucherHeadBar.js';
import { useVoucherKeys } from './use-voucher-keys.js';
import {
  auxiNamesOf,
  headFromEmpty,
  headFromVoucher,
  ruleHeader,
  savedRefOf,
  serverIssuesOnRows,
  blankTables,
  tablesFromVoucher,
  saveRequestOf,
  type SavedRef,
  type VoucherHead,
} from './voucher-rows.js';
import './vouchers.css';
import { useWorkingMonth } from '../shell/working-month.js';

export const VOUCHER_LIST_PATH = '/accounting-management/voucher-management/voucherList';
const DRAFT_DELAY_MS = 200;

/** The voucher on screen: a remount key for the grids, the rows they start from, the saved voucher. */
interface Doc {
  key: number;
  /** One table, or the financial and the budget table of a two-table voucher. */
  tables: VoucherLineRow[][];
  saved: SavedRef | null;
  restored: boolean;
  /** A blank new voucher: the cursor starts on the date (a template's lines start in the lines). */
  blank?: boolean;
}

type Dialog =
  | { kind: 'subject'; rowId: string; subjects?: SubjectItem[] }
  | { kind: 'auxi'; rowId: string; code: string; value: AuxiChoice[] }
  | { kind: 'indicator'; rowId: string; budgetId: string; projectName: string; value: string | null }
  | { kind: 'summaries' }
  | { kind: 'templates' }
  | { kind: 'saveTemplate'; lines: TemplateLineInput[] }
  | { kind: 'attachments' }
  | { kind: 'print' }
  | null;

interface VoucherTable {
  label: string;
  definition: GridDefinition<VoucherLineRow>;
  cells: CellExtras;
  offers: (subject: SubjectItem) => boolean;
}

/** The one table of a voucher, and the two of a two-table voucher (each balancing on its own). */
function tableSetsOf(
  store: VoucherLookupStore,
  budgets: VoucherBudgets,
): { single: [VoucherTable]; two: [VoucherTable, VoucherTable] } {
  const table = (id: string, label: string, offers: (s: SubjectItem) => boolean): VoucherTable => ({
    label,
    definition: createVoucherGrid({ id, context: store.ruleContext }),
    cells: voucherCellExtras({ ...lookupsOf(store), offers, budget: () => budgets }),
    offers,
  });
  return {
    single: [table('voucher', '凭证', () => true)],
    two: [
      table('voucher-financial', '财务会计', (s) => !s.isGovernment),
      table('voucher-budget', '预算会计', (s) => s.isGovernment),
    ],
  };
}

const alertOf = (message: string, tone: 'warning' | 'error' | 'success' = 'warning') =>
  messageBox.fireAndForget(messageBox.alert(message, { tone }));

export function VoucherEditorPage() {
  usePageTitle('凭证录入');
  const [moneyLines, setMoneyLines] = useMoneyLines();
  const authInfo = useSession((s) => s.authInfo);
  const user = useSession((s) => s.user);
  const pageRoutes = useSession((s) => s.pageRoutes);
  const resources = useSession((s) => s.menu?.resources ?? null);
  const { has } = usePermission();
  const [params] = useSearchParams();
  const year = authInfo?.year ?? new Date().getFullYear();
  const storageKey = draftKey(user?.loginName ?? '', authInfo?.ztId ?? 0, year);
  const listRights = permissionList(VOUCHER_LIST_PATH, pageRoutes, resources);
  const reviewRight = listRights.includes('review');
  const exportRight = listRights.includes('export');

  const [empty, setEmpty] = useState<EmptyVoucherResponse | null>(null);
  const [failed, setFailed] = useState(false);
  const [doc, setDoc] = useState<Doc | null>(null);
  const [head, setHead] = useState<VoucherHead | null>(null);
  const [headProblems, setHeadProblems] = useState<string[]>([]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const gridRefs = useRef<(GridEditorHandle | null)[]>([]);
  const rowsRef = useRef<VoucherLineRow[][]>([]);
  const headRef = useRef<VoucherHead | null>(null);
  const docRef = useRef<Doc | null>(null);
  const dirty = useRef(false);
  const draftTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    headRef.current = head;
    docRef.current = doc;
  });

  const [store] = useState(() => new VoucherLookupStore());
  const [budgets] = useState(() => new VoucherBudgets((typeNos) => fetchTypeInfo(typeNos, true)));
  const [tableSets] = useState(() => tableSetsOf(store, budgets));
  /** The lines of the voucher on screen as it was loaded (what the server's spent already holds). */
  const loadedLines = useRef<VoucherLineRow[]>([]);

  const saved = doc?.saved ?? null;
  const canEdit = saved ? has('edit') : has('add');
  const readOnly = !canEdit || (empty?.closed ?? false) || (saved?.isReview ?? false) || (saved?.isBook ?? false);
  /** A new voucher in a closed month: read-only, but its period can move to an open month. */
  const closedNew = !saved && canEdit && (empty?.closed ?? false);
  const workingMonth = useWorkingMonth();

  // ---- the draft

  const flushDraft = useCallback(() => {
    clearTimeout(draftTimer.current);
    const h = headRef.current;
    const d = docRef.current;
    if (!dirty.current || !h || !d) return;
    writeDraft(localStorage, storageKey, {
      head: h,
      tables: rowsRef.current,
      saved: d.saved,
      auxiNames: [...store.auxiNames()],
      at: Date.now(),
    });
  }, [storageKey, store]);

  const touch = useCallback(() => {
    dirty.current = true;
    clearTimeout(draftTimer.current);
    draftTimer.current = setTimeout(flushDraft, DRAFT_DELAY_MS);
  }, [flushDraft]);

  useEffect(() => {
    window.addEventListener('pagehide', flushDraft);
    return () => {
      window.removeEventListener('pagehide', flushDraft);
      flushDraft();
    };
  }, [flushDraft]);

  // ---- showing a voucher

  const [balances] = useState(() => new SubjectBalances(store, fetchSubjectBalance));
  useEffect(
    () =>
      balances.listen(() => {
        for (const grid of gridRefs.current) grid?.refresh();
      }),
    [balances],
  );
  useEffect(
    () =>
      budgets.listen(() => {
        for (const grid of gridRefs.current) grid?.refresh();
      }),
    [budgets],
  );

  const show = useCallback(
    (next: Omit<Doc, 'key'>, nextHead: VoucherHead) => {
      rowsRef.current = next.tables;
      dirty.current = next.restored;
      setHeadProblems([]);
      setHead(nextHead);
      setDoc((d) => ({ ...next, key: (d?.key ?? 0) + 1 }));
      balances.startVoucher(
        nextHead.year,
        nextHead.month,
        next.tables.flat().map((r) => r.subjectCode),
      );
      budgets.startVoucher(loadedLines.current, next.tables.flat(), store.twoTable);
    },
    [balances, budgets, store],
  );

  const openBlank = useCallback(
    async (keep?: VoucherHead) => {
      const e = await fetchEmptyVoucher(year, keep?.month, keep?.certificateType);
      setEmpty(e);
      store.setTwoTable(e.twoTable);
      store.startVoucher(new Map());
      loadedLines.current = [];
      show({ tables: blankTables(e.twoTable, newRowId), saved: null, restored: false, blank: true }, headFromEmpty(e, keep));
    },
    [year, show, store],
  );

  const openVoucher = useCallback(
    (v: Voucher) => {
      store.startVoucher(auxiNamesOf(v));
      loadedLines.current = tablesFromVoucher(v, store.twoTable, newRowId).flat();
      show({ tables: tablesFromVoucher(v, store.twoTable, newRowId), saved: savedRefOf(v), restored: false }, headFromVoucher(v));
    },
    [show, store],
  );

  // First load: the chart, the recommendation, then a draft, the voucher asked for, or a new one.
  useEffect(() => {
    let active = true;
    const start = async () => {
      const [list, e] = await Promise.all([fetchSubjects(), fetchEmptyVoucher(year)]);
      if (!active) return;
      store.load(list, e.twoTable);
      setEmpty(e);
      const draft = readDraft(localStorage, storageKey);
      if (draft) {
        store.startVoucher(new Map(draft.auxiNames));
        const tables = blankTables(e.twoTable, newRowId).map((blank, i) => padVoucherRows(draft.tables[i] ?? blank, newRowId));
        loadedLines.current = [];
        show({ tables, saved: draft.saved, restored: true }, draft.head);
        // A draft of a saved voucher: what that voucher spent is in the server's figures already.
        if (draft.saved) {
          const saved = await fetchVoucher(draft.saved.id).catch(() => null);
          if (!active || !saved) return;
          loadedLines.current = tablesFromVoucher(saved, e.twoTable, newRowId).flat();
          budgets.setLoaded(loadedLines.current);
          for (const grid of gridRefs.current) grid?.refresh();
        }
        return;
      }
      const id = params.get('id');
      if (id) openVoucher(await fetchVoucher(id));
      else show({ tables: blankTables(e.twoTable, newRowId), saved: null, restored: false, blank: true }, headFromEmpty(e));
    };
    start().catch(() => active && setFailed(true));
    return () => {
      active = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per ledger set and year
  }, [storageKey]);

  const discardDraft = async () => {
    clearDraft(localStorage, storageKey);
    dirty.current = false;
    const s = docRef.current?.saved;
    if (s) openVoucher(await fetchVoucher(s.id));
    else await openBlank(headRef.current ?? undefined);
  };

  /** Leaving the voucher on screen: asks first when it has unsaved changes. */
  const leave = async (): Promise<boolean> => {
    if (!dirty.current || readOnly) return true;
    try {
      await messageBox.confirm('当前凭证尚未保存，是否放弃修改？');
    } catch {
      return false;
    }
    clearDraft(localStorage, storageKey);
    dirty.current = false;
    return true;
  };

  // ---- header

  const patchHead = (patch: Partial<VoucherHead>) => {
    setHead((h) => (h ? { ...h, ...patch } : h));
    touch();
  };

  const changePeriod = async (month: number, pzDate?: string) => {
    const h = headRef.current;
    if (!h) return;
    const e = await fetchEmptyVoucher(h.year, month, h.certificateType);
    // A new voucher takes the month's state with it: moving out of a closed month opens the editor.
    if (!docRef.current?.saved) setEmpty(e);
    patchHead({ month, pzNo: e.pzNo, pzDate: pzDate ?? e.pzDate });
  };

  const changeCategory = async (certificateType: number) => {
    const h = headRef.current;
    if (!h) return;
    patchHead({ certificateType, pzNo: await fetchNextNumber(h.year, h.month, certificateType) });
  };

  // ---- lines

  const onRows = useCallback(
    (table: number, rows: VoucherLineRow[]) => {
      const before = new Map((rowsRef.current[table] ?? []).map((r) => [r.rowId, r.subjectCode]));
      rowsRef.current = rowsRef.current.map((t, i) => (i === table ? rows : t));
      touch();
      // The remaining budget beside every line of a detail follows the amounts (B8).
      budgets.update(rowsRef.current.flat());
      if (budgets.figures.size > 0) for (const grid of gridRefs.current) grid?.refresh();
      const changed = rows.filter((r) => r.subjectCode && before.get(r.rowId) !== r.subjectCode);
      balances.ask(changed.map((r) => r.subjectCode));
      // A subject with auxiliary accounting asks for its items at once (after this edit settles).
      const needs = changed.find((r) => {
        const s = store.subjects().get(r.subjectCode ?? '');
        if (!s?.lastLevel || s.auxiTypeList.length === 0) return false;
        const types = parseAuxiKey(r.auxis ?? '').map((c) => c.typeNo);
        return s.auxiTypeList.some((t) => !types.includes(t.typeNo));
      });
      if (needs?.subjectCode) {
        const { rowId, subjectCode } = needs;
        const value = parseAuxiKey(needs.auxis ?? '');
        setTimeout(() => setDialog({ kind: 'auxi', rowId, code: subjectCode, value }), 0);
      }
    },
    [touch, store, balances, budgets],
  );

  /** A two-table voucher's picker offers the subjects of the row's side only. */
  const pickerSubjects = (rowId: string): SubjectItem[] | undefined => {
    const d = docRef.current;
    if (!d || d.tables.length < 2) return undefined;
    const index = rowsRef.current.findIndex((t) => t.some((r) => r.rowId === rowId));
    const offers = tableSets.two[Math.max(index, 0)]?.offers;
    return [...store.subjects().values()].filter((s) => s.enable && (offers?.(s) ?? true));
  };

  /** The picker's check of a forbid budget project: nothing left for this line clears the choice. */
  const refuseBudgetItem = (rowId: string, item: AuxiInfo): string | null => {
    const figures = figuresOfItem(item);
    if (!figures) return null;
    const key = itemKey(item.typeNo, item.infoNo);
    const rows = rowsRef.current.flat();
    return forbiddenChoice(figures, budgets.spentByOthers(rowId, rows, key, figures), budgets.loadedOf(key, figures));
  };

  const pickAuxi = (rowId: string, choices: PickedAuxi[]) => {
    setDialog(null);
    store.addNames(choices.map((c) => [`${c.typeNo}:${c.infoNo}`, c.infoName] as const));
    gridOf(rowId)?.setCells([{ rowId, fieldId: 'auxis', value: auxiKeyOf(choices) }]);
    gridOf(rowId)?.focusCell(rowId, 'debitAmount');
    // A two-table voucher's budget line on a project with indicators: its indicator next (spec).
    const project = choices.find((c) => c.typeNo === 'XMYS');
    const line = rowsRef.current.flat().find((r) => r.rowId === rowId);
    const budgetSide = store.twoTable && !!store.subjects().get(line?.subjectCode ?? '')?.isGovernment;
    const budgetId = project?.item?.hasIndicators ? project.item.budgetId : undefined;
    if (project && budgetSide && budgetId)
      setTimeout(() => setDialog({ kind: 'indicator', rowId, budgetId, projectName: project.infoName, value: null }), 0);
    // A 402 line of a funds unit: say that F8 splits it by the unit's ratios.
    const row = rowsRef.current.flat().find((r) => r.rowId === rowId);
    if (row?.subjectCode?.startsWith(INCOME_ROOT) && choices.some((c) => c.typeNo === FUNDS_UNIT_TYPE))
      setStatus(RemittanceMessages.hint);
  };

  // ---- save

  const save = async () => {
    const h = headRef.current;
    const d = docRef.current;
    const grids = gridRefs.current.slice(0, d?.tables.length ?? 0);
    if (!h || !d || busy || readOnly || grids.some((g) => !g)) return;
    if (!grids.every((g) => g?.canSave())) {
      alertOf(CANNOT_SAVE);
      return;
    }
    const rows = grids.flatMap((g) => withoutCarriedTail((g?.rows() ?? []) as VoucherLineRow[]));
    const issues = voucherIssues(ruleHeader(h), rows, store.ruleContext());
    if (issues.length > 0) {
      refuse(issues);
      return;
    }
    const request = saveRequestOf(h, rows, d.saved);
    budgets.update(rows);
    const overruns = warnedOverruns(budgets);
    setBusy(true);
    try {
      const answer = await saveVoucher(request);
      clearDraft(localStorage, storageKey);
      dirty.current = false;
      setStatus(`已保存：${answer.data.entry || ''}字第${answer.data.pzNo}号凭证`);
      // A warn project taken past its budget: saved, and said so (spec: control 2).
      if (overruns.length > 0)
        messageBox.fireAndForget(
          messageBox.alert(overruns.map((name) => BudgetMessages.overrunWarnedLong(name)).join(' '), {
            tone: 'warning',
            autoClose: false,
          }),
        );
      await openBlank(h);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const envelope = error.envelope;
      if (envelope?.errorCode === ErrorCode.ValidationFailed && Array.isArray(envelope.data))
        refuse(serverIssuesOnRows(envelope.data as ValidationIssue[], rows));
      // Changed by someone else since it was opened: nothing was saved, so the message waits to be read; the lines stay as typed.
      // So is a refusal by a business rule (a forbid budget project past its budget: 系统设置不能超预算执行).
      else if (envelope?.errorCode === ErrorCode.Conflict || envelope?.errorCode === ErrorCode.BusinessRule)
        messageBox.fireAndForget(messageBox.alert(error.message, { tone: 'error', autoClose: false }));
      else alertOf(error.message, 'error');
    } finally {
      setBusy(false);
    }
  };

  /** A refused save: every line stays, failing cells are marked, the first message is shown. */
  const refuse = (issues: readonly ValidationIssue[]) => {
    const lineIssues = issues.filter((i) => i.rowId !== undefined);
    rowsRef.current.forEach((table, i) => {
      const ids = new Set(table.map((r) => r.rowId));
      gridRefs.current[i]?.setIssues(lineIssues.filter((issue) => ids.has(String(issue.rowId))));
    });
    setHeadProblems(issues.filter((i) => i.rowId === undefined && i.fieldId).map((i) => i.message));
    const first = lineIssues[0];
    if (first?.rowId !== undefined) gridOf(String(first.rowId))?.focusCell(String(first.rowId), first.fieldId ?? 'summary');
    const messages = [...new Set(issues.map((i) => i.message))];
    if (messages.length === 1) alertOf(messages[0] ?? '');
    else messageBox.fireAndForget(messageBox.list('凭证有以下问题', messages));
  };

  /** The grid whose table holds the row. */
  const gridOf = (rowId: string): GridEditorHandle | null => {
    const index = rowsRef.current.findIndex((t) => t.some((r) => r.rowId === rowId));
    return gridRefs.current[Math.max(index, 0)] ?? null;
  };

  // ---- templates, attachments, printing

  /** A template's lines replace the voucher's (after a confirmation when there are lines to lose). */
  const applyTemplate = async (template: VoucherTemplate) => {
    const d = docRef.current;
    const h = headRef.current;
    setDialog(null);
    if (!d || !h) return;
    if (hasContent(rowsRef.current)) {
      try {
        await messageBox.confirm('使用模板将替换当前凭证的分录，是否继续？', { title: '使用模板' });
      } catch (error) {
        if (isReject(error)) return gridRefs.current[0]?.focus();
        throw error;
      }
    }
    store.addNames(template.details.flatMap((l) => l.auxis.map((a) => [`${a.typeNo}:${a.infoNo}`, a.infoName] as const)));
    const budget = (code: string) => store.subjects().get(code)?.isGovernment ?? false;
    show({ tables: tablesFromTemplate(template, store.twoTable, budget, newRowId), saved: d.saved, restored: false }, h);
    touch();
    setStatus(`已使用模板：${template.name}`);
  };

  /** 导出 (and Ctrl+Shift+E in the grid): the saved voucher as the 记账凭证 workbook. */
  const exportSheet = () => {
    const s = docRef.current?.saved;
    if (!exportRight) return alertOf('没有导出凭证的权限');
    if (!s) return alertOf('凭证保存后可导出');
    // The workbook is the voucher as saved: what is on screen and not saved would not be in it.
    if (dirty.current && !readOnly) return alertOf('凭证有未保存的修改，请先保存再导出');
    exportVoucherSheets([s.id]).catch((error: unknown) => {
      if (!(error instanceof ApiError)) alertOf(`导出失败：${error instanceof Error ? error.message : String(error)}`, 'error');
    });
  };

  // ---- navigation and review

  const newVoucher = async () => {
    if (await leave()) await openBlank(headRef.current ?? undefined);
  };

  const step = async (direction: 'prev' | 'next') => {
    if (!(await leave())) return;
    const v = await fetchNeighbour(year, direction, docRef.current?.saved?.id);
    if (v) openVoucher(v);
    else alertOf(direction === 'prev' ? '已经是第一张凭证' : '已经是最后一张凭证');
  };

  const review = async (isReview: boolean) => {
    const s = docRef.current?.saved;
    if (!s) return;
    try {
      await reviewVoucher(s, isReview);
    } catch (error) {
      // Refused (the wrapper showed why, e.g. changed by someone else meanwhile): the voucher stays as it is on screen.
      if (error instanceof ApiError) return;
      throw error;
    }
    openVoucher(await fetchVoucher(s.id));
    setStatus(isReview ? '审核成功' : '已取消审核');
  };

  const onCommand = (id: CommandId, at: { rowId: string; fieldId: string } | null) => {
    switch (id) {
      case 'saveAndNew':
        void save();
        return;
      case 'newDocument':
        void newVoucher();
        return;
      case 'previousDocument':
      case 'nextDocument':
        void step(id === 'previousDocument' ? 'prev' : 'next');
        return;
      case 'pickSubject': {
        if (!at) return;
        const row = rowsRef.current.flat().find((r) => r.rowId === at.rowId);
        const code = row?.subjectCode;
        if (at.fieldId === 'auxis' && code)
          setDialog({ kind: 'auxi', rowId: at.rowId, code, value: parseAuxiKey(row.auxis ?? '') });
        else setDialog({ kind: 'subject', rowId: at.rowId, subjects: pickerSubjects(at.rowId) });
        return;
      }
      case 'proposeRemittance':
        if (at) void proposeFor(at.rowId);
        return;
      default:
        return;
    }
  };

  /** F8 (经费分配): the 402 line replaced by the remittance lines of its unit's ratios (issue 20 B8). */
  const proposeFor = async (rowId: string) => {
    const d = docRef.current;
    const h = headRef.current;
    if (!d || !h || readOnly) return;
    const source = remittanceSource(rowsRef.current.flat().find((r) => r.rowId === rowId));
    if (!source) return alertOf(RemittanceMessages.notApplicable);
    const answer = await proposeRemittance({
      year: h.year,
      month: h.month,
      unitCode: source.unitCode,
      amount: fenToYuanString(source.amount),
      summary: source.summary,
    }).catch(() => null); // a refusal (no ratios, a subject not last-level) is shown by the request wrapper
    if (!answer) return;
    store.addNames(answer.lines.flatMap((l) => l.auxis.map((a) => [`${a.typeNo}:${a.infoNo}`, answer.unitName] as const)));
    show({ tables: withProposal(rowsRef.current, rowId, answer.lines, newRowId), saved: d.saved, restored: false }, h);
    touch();
    setStatus(`已按${answer.unitName}的经费比例拆分为${answer.lines.length}行`);
  };

  // The same commands from the header and footer (outside the grid).
  useVoucherKeys(tableSets.single[0].definition, onCommand, () => void save(), dialog === null);

  const closeDialog = (focus?: { rowId: string; fieldId: string }) => {
    setDialog(null);
    if (focus) gridOf(focus.rowId)?.focusCell(focus.rowId, focus.fieldId);
    else gridRefs.current[0]?.focus();
  };

  const types = useMemo(() => empty?.certificateTypeList ?? [], [empty]);

  if (failed)
    return (
      <div className="voucher-page" role="alert">
        凭证数据加载失败，请刷新重试。
      </div>
    );
  if (!doc || !head || !empty) return <div className="voucher-page muted">加载中…</div>;

  const reviewed = saved?.isReview ?? false;
  // A new voucher starts on the date; a saved one, a restored draft or a template's lines in the lines.
  const startKey = doc.blank ? doc.key : null;
  return (
    <div className="voucher-page page-fill">
      <div className="voucher-toolbar" role="toolbar" aria-label="凭证操作">
        <button type="button" className="btn" onClick={() => void newVoucher()} aria-keyshortcuts="Control+N Alt+N">
          新增
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy || readOnly}
          onClick={() => void save()}
          aria-keyshortcuts="Control+S F12"
        >
          保存
        </button>
        <button type="button" className="btn" onClick={() => void step('prev')} aria-keyshortcuts="PageUp">
          上一张
        </button>
        <button type="button" className="btn" onClick={() => void step('next')} aria-keyshortcuts="PageDown">
          下一张
        </button>
        {reviewRight && saved && !saved.isBook && (
          <button type="button" className="btn" onClick={() => void review(!reviewed)}>
            {reviewed ? '取消审核' : '审核'}
          </button>
        )}
        {!readOnly && (
          <button type="button" className="btn" onClick={() => setDialog({ kind: 'summaries' })}>
            常用摘要
          </button>
        )}
        {!readOnly && (
          <button type="button" className="btn" onClick={() => setDialog({ kind: 'templates' })}>
            模板
          </button>
        )}
        {canEdit && (
          <button
            type="button"
            className="btn"
            onClick={() => setDialog({ kind: 'saveTemplate', lines: templateLinesOf(rowsRef.current.flat()) })}
          >
            存为模板
          </button>
        )}
        <button
          type="button"
          className="btn"
          disabled={!saved}
          title={saved ? undefined : '凭证保存后可上传附件'}
          onClick={() => setDialog({ kind: 'attachments' })}
        >
          附件
        </button>
        <button
          type="button"
          className="btn"
          disabled={!saved}
          title={saved ? undefined : '凭证保存后可打印'}
          onClick={() => setDialog({ kind: 'print' })}
        >
          打印
        </button>
        {exportRight && (
          <button
            type="button"
            className="btn"
            disabled={!saved}
            title={saved ? '导出为记账凭证工作簿（Excel）' : '凭证保存后可导出'}
            onClick={exportSheet}
          >
            导出
          </button>
        )}
        {doc.restored && (
          <button type="button" className="btn" onClick={() => void discardDraft()}>
            放弃草稿
          </button>
        )}
        <MoneyLinesToggle on={moneyLines} onChange={setMoneyLines} />
        <span className="voucher-status" role="status">
          {doc.restored ? '已恢复未保存的草稿' : status}
        </span>
      </div>
      {closedNew && (
        <p className="voucher-closed-note" role="note">
          {head.year}年{head.month}月已结账，不能再录入凭证。当前会计期间是{workingMonth}月：请在「会计期间」中选择；要在
          {head.month}月补录或修改凭证，须先在「期末结账」中反结账。
        </p>
      )}
      <div className={`voucher-paper${empty.twoTable ? ' two-table' : ''}`}>
        <h1 className="voucher-title">记账凭证</h1>
        {reviewed && (
          <div className="voucher-seal" role="img" aria-label="已审核">
            已审核
          </div>
        )}
        <VoucherHeadBar
          head={head}
          types={types}
          readOnly={readOnly}
          periodOpen={closedNew}
          problems={headProblems}
          startKey={startKey}
          onChange={patchHead}
          onPeriod={(m, date) => void changePeriod(m, date)}
          onCategory={(t) => void changeCategory(t)}
          onDone={() => gridRefs.current[0]?.focus()}
        />
        <div className="voucher-tables">
          {doc.tables.map((rows, i) => {
            const table = (doc.tables.length === 2 ? tableSets.two : tableSets.single)[i];
            if (!table) return null;
            return (
              <section key={`${doc.key}-${i}`} className="voucher-table" aria-label={table.label}>
                {doc.tables.length === 2 && <h2 className="voucher-table-title">{table.label}</h2>}
                <GridEditor<VoucherLineRow>
                  key={moneyLines ? 'money-lines' : 'plain'}
                  handle={(h) => {
                    gridRefs.current[i] = h;
                  }}
                  definition={table.definition}
                  rows={rows}
                  readOnly={readOnly}
                  autoFocus={!readOnly && i === 0 && startKey === null}
                  toolbar={false}
                  cells={withMoneyLineCells(table.cells, moneyLines)}
                  createRow={blankVoucherRow}
                  onChange={(changed) => onRows(i, changed)}
                  onSave={() => void save()}
                  onCommand={onCommand}
                  onExport={exportSheet}
                  label={`${table.label}分录`}
                  fitWidth={doc.tables.length === 2}
                  fill
                />
              </section>
            );
          })}
        </div>
        <VoucherFooter head={head} readOnly={readOnly} onChange={patchHead} />
      </div>
      {dialog?.kind === 'subject' && (
        <SubjectPicker
          onPick={(s) => {
            const rowId = dialog.rowId;
            setDialog(null);
            gridOf(rowId)?.setCells([{ rowId, fieldId: 'subjectCode', value: s.code }]);
            gridOf(rowId)?.focusCell(rowId, 'debitAmount');
          }}
          subjects={dialog.subjects}
          onClose={() => closeDialog({ rowId: dialog.rowId, fieldId: 'subjectCode' })}
        />
      )}
      {dialog?.kind === 'auxi' && (
        <AuxiliaryPicker
          subjectCode={dialog.code}
          subjectName={store.subjects().get(dialog.code)?.codeAndFullName}
          value={dialog.value}
          refuseItem={(item) => refuseBudgetItem(dialog.rowId, item)}
          onSave={(choices) => pickAuxi(dialog.rowId, choices)}
          onCancel={() => closeDialog({ rowId: dialog.rowId, fieldId: 'debitAmount' })}
        />
      )}
      {dialog?.kind === 'indicator' && (
        <IndicatorPicker
          budgetId={dialog.budgetId}
          projectName={dialog.projectName}
          value={dialog.value}
          onSave={(code) => {
            const { rowId } = dialog;
            const key = rowsRef.current.flat().find((r) => r.rowId === rowId)?.auxis ?? '';
            setDialog(null);
            gridOf(rowId)?.setCells([{ rowId, fieldId: 'auxis', value: withTarget(key, 'XMYS', code) }]);
            gridOf(rowId)?.focusCell(rowId, 'debitAmount');
          }}
          onCancel={() => closeDialog({ rowId: dialog.rowId, fieldId: 'debitAmount' })}
        />
      )}
      {dialog?.kind === 'summaries' && <SummaryManager onClose={() => closeDialog()} />}
      {dialog?.kind === 'templates' && <TemplatePicker onApply={(t) => void applyTemplate(t)} onCancel={() => closeDialog()} />}
      {dialog?.kind === 'saveTemplate' && (
        <SaveTemplateDialog
          lines={dialog.lines}
          onSaved={(_t, message) => {
            closeDialog();
            alertOf(message, 'success');
          }}
          onCancel={() => closeDialog()}
        />
      )}
      {dialog?.kind === 'attachments' && saved && (
        <AttachmentDialog
          voucherId={saved.id}
          label={`${head.pzNo}号`}
          readOnly={readOnly}
          onChange={(_files, count) => {
            if (count !== null) setHead((h) => (h ? { ...h, numberOfDocument: String(count) } : h));
          }}
          onClose={() => closeDialog()}
        />
      )}
      {dialog?.kind === 'print' && saved && <PrintDialog ids={[saved.id]} onClose={() => closeDialog()} />}
    </div>
  );
}
