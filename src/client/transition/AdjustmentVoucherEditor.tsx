/**
 * The adjustment-voucher editor (调账凭证 of the zero period): the product's voucher grid (grids/voucher.ts) with its
 * keyboard conventions (Enter moves on, = balances, .. and // copy summaries, Space swaps sides, F7 picks a subject
 * or the auxiliary items, Ctrl+S / F12 saves), the voucher rules of src/shared/vouchers, a compact head (调账凭证,
 * number 调-N, 期间 0期（衔接调账）, the date fixed at January 1 of the first year, attached documents) and the
 * standard adjustments of 财会〔2021〕16号 as templates (templates/transition/adjustment-templates.ts): picking one
 * fills its lines, the amounts are keyed. A refused save keeps every line and marks the cells.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { unionCounty2021 } from '../../../templates/charts/union-2021-county.js';
import { adjustmentTemplates } from '../../../templates/transition/adjustment-templates.js';
import {
  blankVoucherRow,
  createVoucherGrid,
  voucherIssues,
  withoutCarriedTail,
  type VoucherLineRow,
} from '../../../grids/voucher.js';
import type { ZeroVoucher } from '../../shared/api/schemas/transition-vouchers.js';
import type { ValidationIssue } from '../../shared/envelope.js';
import { ErrorCode } from '../../shared/error-codes.js';
import type { CommandId } from '../../shared/grid/definition.js';
import { auxiKeyOf, parseAuxiKey, type AuxiChoice } from '../../shared/subjects/auxiliary-rules.js';
import { TransitionMessages } from '../../shared/transition/messages.js';
import { isBlankLine } from '../../shared/vouchers/rules.js';
import { draftLine } from '../../../grids/voucher.js';
import { AuxiliaryPicker, type PickedAuxi } from '../auxiliary/AuxiliaryPicker.js';
import { AttachmentDialog } from '../files/AttachmentDialog.js';
import { GridEditor, type GridEditorHandle } from '../grid/GridEditor.js';
import { CANNOT_SAVE, newRowId } from '../grid/grid-actions.js';
import { isReject, messageBox } from '../message-box/message-box.js';
import { ApiError } from '../shell/request.js';
import { SubjectPicker } from '../subjects/SubjectPicker.js';
import { serverIssuesOnRows } from '../vouchers/voucher-rows.js';
import { lookupsOf, voucherCellExtras, VoucherLookupStore } from '../vouchers/voucher-cells.js';
import { fetchChartOfYear, fetchZeroVoucher, saveZeroVoucher } from './zero-voucher-api.js';
import {
  rowsOfTemplate,
  rowsOfZeroVoucher,
  ZERO_PERIOD_LABEL,
  zeroSaveRequest,
  zeroVoucherSubjects,
} from './zero-voucher-rows.js';
import '../vouchers/vouchers.css';
import './adjustment-voucher.css';

type Dialog =
  | { kind: 'subject'; rowId: string }
  | { kind: 'auxi'; rowId: string; code: string; value: AuxiChoice[] }
  | { kind: 'attachments' }
  | null;

interface Doc {
  key: number;
  rows: VoucherLineRow[];
  voucher: ZeroVoucher;
  /** Where the cursor goes once the grid is up. */
  focus?: { rowId: string; fieldId: string };
}

const alertOf = (message: string, tone: 'warning' | 'error' | 'success' = 'warning') =>
  messageBox.fireAndForget(messageBox.alert(message, { tone }));

/** The head the shared rules read: the server fixes date, period and category, so only the lines are judged. */
const RULE_HEADER = { year: 2022, month: 1, pzDate: '2022-01-01', certificateType: 10000, numberOfDocument: 0 };
const FIXED_FIELDS = new Set(['pzDate', 'period', 'certificateType']);

export function AdjustmentVoucherEditor({
  voucherId,
  canEdit,
  onSaved,
  onClose,
}: {
  /** A saved voucher's id, or null for a new one. */
  voucherId: string | null;
  canEdit: boolean;
  onSaved?: (voucher: ZeroVoucher) => void;
  /** Shown as 返回 when given. */
  onClose?: () => void;
}) {
  const [store] = useState(() => new VoucherLookupStore());
  const [definition] = useState(() =>
    createVoucherGrid({ id: 'adjustment-voucher', title: '调账凭证', context: store.ruleContext }),
  );
  const [cells] = useState(() => voucherCellExtras(lookupsOf(store)));
  const [doc, setDoc] = useState<Doc | null>(null);
  const [documents, setDocuments] = useState('0');
  const [dialog, setDialog] = useState<Dialog>(null);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const gridRef = useRef<GridEditorHandle | null>(null);
  const rowsRef = useRef<VoucherLineRow[]>([]);
  const docRef = useRef<Doc | null>(null);
  const chartYear = useRef<number | null>(null);
  const readOnly = !canEdit;

  const show = useCallback(
    (voucher: ZeroVoucher, rows: VoucherLineRow[], focus?: Doc['focus']) => {
      rowsRef.current = rows;
      store.startVoucher(
        new Map(voucher.certiDetails.flatMap((l) => l.auxis.map((a) => [`${a.typeNo}:${a.infoNo}`, a.infoName] as const))),
      );
      setDocuments(String(voucher.numberOfDocument));
      setDoc((d) => {
        const next = { key: (d?.key ?? 0) + 1, rows, voucher, ...(focus ? { focus } : {}) };
        docRef.current = next;
        return next;
      });
    },
    [store],
  );

  /** The voucher (or a new one) and, once per year, the chart it is keyed on. */
  const load = useCallback(
    async (id: string | null): Promise<ZeroVoucher> => {
      const voucher = await fetchZeroVoucher(id);
      if (chartYear.current !== voucher.year) {
        store.load(zeroVoucherSubjects(await fetchChartOfYear(voucher.year), unionCounty2021.subjects), false);
        chartYear.current = voucher.year;
      }
      return voucher;
    },
    [store],
  );

  useEffect(() => {
    let active = true;
    const start = async () => {
      const voucher = await load(voucherId);
      if (active) show(voucher, rowsOfZeroVoucher(voucher, newRowId));
    };
    start().catch(() => active && setFailed(true));
    return () => {
      active = false;
    };
  }, [load, show, voucherId]);

  // The cursor: in the first line of a new or loaded voucher, or where a template asks (its first amount).
  useEffect(() => {
    if (!doc || readOnly) return;
    const first = doc.rows[0];
    const target = doc.focus ?? (first ? { rowId: first.rowId, fieldId: 'summary' } : undefined);
    if (!target) return;
    const timer = setTimeout(() => gridRef.current?.focusCell(target.rowId, target.fieldId), 0);
    return () => clearTimeout(timer);
  }, [doc, readOnly]);

  const hasContent = () => rowsRef.current.some((r) => !isBlankLine(draftLine(r)));

  const applyTemplate = async (key: string) => {
    const template = adjustmentTemplates.find((t) => t.key === key);
    const d = docRef.current;
    if (!template || !d) return;
    if (hasContent()) {
      try {
        await messageBox.confirm('使用模板将替换当前凭证的分录，是否继续？', { title: '使用模板' });
      } catch (error) {
        if (isReject(error)) return gridRef.current?.focus();
        throw error;
      }
    }
    const rows = rowsOfTemplate(template, newRowId);
    const first = rows[0];
    show(d.voucher, rows, first ? { rowId: first.rowId, fieldId: 'debitAmount' } : undefined);
    setStatus(`已使用模板：${template.name}（${template.basis}），请录入金额`);
  };

  const onRows = (rows: VoucherLineRow[]) => {
    const before = new Map(rowsRef.current.map((r) => [r.rowId, r.subjectCode]));
    rowsRef.current = rows;
    // A subject with auxiliary accounting asks for its items at once (after this edit settles).
    const needs = rows.find((r) => {
      if (!r.subjectCode || before.get(r.rowId) === r.subjectCode) return false;
      const s = store.subjects().get(r.subjectCode);
      if (!s?.lastLevel || s.auxiTypeList.length === 0) return false;
      const types = parseAuxiKey(r.auxis ?? '').map((c) => c.typeNo);
      return s.auxiTypeList.some((t) => !types.includes(t.typeNo));
    });
    if (needs?.subjectCode) {
      const { rowId, subjectCode } = needs;
      const value = parseAuxiKey(needs.auxis ?? '');
      setTimeout(() => setDialog({ kind: 'auxi', rowId, code: subjectCode, value }), 0);
    }
  };

  const refuse = (issues: readonly ValidationIssue[], show = true) => {
    const lineIssues = issues.filter((i) => i.rowId !== undefined);
    gridRef.current?.setIssues(lineIssues);
    const first = lineIssues[0];
    if (first?.rowId !== undefined) gridRef.current?.focusCell(String(first.rowId), first.fieldId ?? 'summary');
    if (!show) return;
    const messages = [...new Set(issues.map((i) => i.message))];
    if (messages.length === 1) alertOf(messages[0] ?? '');
    else messageBox.fireAndForget(messageBox.list('凭证有以下问题', messages));
  };

  const save = async () => {
    const d = docRef.current;
    const grid = gridRef.current;
    if (!d || !grid || busy || readOnly) return;
    if (!grid.canSave()) return alertOf(CANNOT_SAVE);
    const rows = withoutCarriedTail(grid.rows() as VoucherLineRow[]);
    const filled = rows.filter((r) => !isBlankLine(draftLine(r)));
    const issues = voucherIssues(RULE_HEADER, rows, store.ruleContext()).filter((i) => !FIXED_FIELDS.has(i.fieldId ?? ''));
    if (filled.length === 1) issues.unshift({ message: TransitionMessages.zeroVoucherTwoLines });
    if (issues.length > 0) return refuse(issues);
    const count = /^\d+$/.test(documents.trim()) ? Number(documents.trim()) : 0;
    setBusy(true);
    try {
      const saved = await saveZeroVoucher(
        zeroSaveRequest(rows, count, d.voucher.id ? { id: d.voucher.id, revision: d.voucher.revision } : null),
      );
      show(saved, rowsOfZeroVoucher(saved, newRowId));
      setStatus(`已保存：调账凭证${saved.voucherNo}`);
      onSaved?.(saved);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // The request wrapper has shown the message; the lines stay as typed, the failing cells are marked.
      const envelope = error.envelope;
      if (envelope?.errorCode === ErrorCode.ValidationFailed && Array.isArray(envelope.data))
        refuse(serverIssuesOnRows(envelope.data as ValidationIssue[], rows), false);
    } finally {
      setBusy(false);
    }
  };

  const newVoucher = async () => {
    if (!readOnly && hasContent() && !docRef.current?.voucher.id) {
      try {
        await messageBox.confirm('当前凭证尚未保存，是否放弃修改？');
      } catch {
        return;
      }
    }
    setStatus('');
    const voucher = await load(null);
    show(voucher, rowsOfZeroVoucher(voucher, newRowId));
  };

  const onCommand = (id: CommandId, at: { rowId: string; fieldId: string } | null) => {
    if (id === 'saveAndNew') void save();
    else if (id === 'newDocument') void newVoucher();
    else if (id === 'pickSubject' && at) {
      const row = rowsRef.current.find((r) => r.rowId === at.rowId);
      const code = row?.subjectCode;
      if (at.fieldId === 'auxis' && code)
        setDialog({ kind: 'auxi', rowId: at.rowId, code, value: parseAuxiKey(row.auxis ?? '') });
      else setDialog({ kind: 'subject', rowId: at.rowId });
    }
  };

  const closeDialog = (focus?: { rowId: string; fieldId: string }) => {
    setDialog(null);
    if (focus) gridRef.current?.focusCell(focus.rowId, focus.fieldId);
    else gridRef.current?.focus();
  };

  const pickAuxi = (rowId: string, choices: PickedAuxi[]) => {
    setDialog(null);
    store.addNames(choices.map((c) => [`${c.typeNo}:${c.infoNo}`, c.infoName] as const));
    gridRef.current?.setCells([{ rowId, fieldId: 'auxis', value: auxiKeyOf(choices) }]);
    gridRef.current?.focusCell(rowId, 'debitAmount');
  };

  if (failed)
    return (
      <div className="voucher-page" role="alert">
        调账凭证加载失败，请刷新重试。
      </div>
    );
  if (!doc) return <div className="voucher-page muted">加载中…</div>;
  const v = doc.voucher;

  return (
    <div className="voucher-page adjustment-voucher">
      <div className="voucher-toolbar" role="toolbar" aria-label="调账凭证操作">
        {onClose && (
          <button type="button" className="btn" onClick={onClose}>
            返回
          </button>
        )}
        <button
          type="button"
          className="btn"
          disabled={readOnly}
          onClick={() => void newVoucher()}
          aria-keyshortcuts="Control+N Alt+N"
        >
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
        <button
          type="button"
          className="btn"
          disabled={!doc.voucher.id}
          title={doc.voucher.id ? undefined : '凭证保存后可上传附件'}
          onClick={() => setDialog({ kind: 'attachments' })}
        >
          附件
        </button>
        {!readOnly && (
          <label className="voucher-field adjustment-template">
            <span>标准调账模板</span>
            <select value="" aria-label="标准调账模板" onChange={(e) => void applyTemplate(e.target.value)}>
              <option value="">请选择…</option>
              {adjustmentTemplates.map((t) => (
                <option key={t.key} value={t.key} title={t.basis}>
                  {t.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <span className="voucher-status" role="status">
          {status}
        </span>
      </div>
      <div className="voucher-paper">
        <h1 className="voucher-title">调账凭证</h1>
        <div className="voucher-head">
          <span className="voucher-field">
            <span>凭证号</span>
            <output data-testid="zero-voucher-number">{v.voucherNo}</output>
          </span>
          <span className="voucher-field">
            <span>期间</span>
            <output>{ZERO_PERIOD_LABEL}</output>
          </span>
          <span className="voucher-field">
            <span>日期</span>
            <output>{v.pzDate}</output>
          </span>
          <label className="voucher-field">
            <span>附单据</span>
            <input
              className="voucher-count"
              inputMode="numeric"
              value={documents}
              readOnly={readOnly}
              maxLength={4}
              onChange={(e) => setDocuments(e.target.value.replace(/\D/g, ''))}
              onKeyDown={(e) => {
                if (e.key === 'Enter') gridRef.current?.focus();
              }}
            />
            <span>张</span>
          </label>
        </div>
        <div className="voucher-tables">
          <section key={doc.key} className="voucher-table" aria-label="调账凭证">
            <GridEditor<VoucherLineRow>
              handle={gridRef}
              definition={definition}
              rows={doc.rows}
              readOnly={readOnly}
              toolbar={false}
              cells={cells}
              createRow={blankVoucherRow}
              onChange={onRows}
              onSave={() => void save()}
              onCommand={onCommand}
              label="调账凭证分录"
              fill
            />
          </section>
        </div>
        <div className="voucher-foot">
          <span className="voucher-field">
            <span>制单</span>
            <output>{v.preparedBy}</output>
          </span>
        </div>
      </div>
      {dialog?.kind === 'subject' && (
        <SubjectPicker
          subjects={[...store.subjects().values()].filter((s) => s.enable)}
          onPick={(s) => {
            const rowId = dialog.rowId;
            setDialog(null);
            gridRef.current?.setCells([{ rowId, fieldId: 'subjectCode', value: s.code }]);
            gridRef.current?.focusCell(rowId, 'debitAmount');
          }}
          onClose={() => closeDialog({ rowId: dialog.rowId, fieldId: 'subjectCode' })}
        />
      )}
      {dialog?.kind === 'attachments' && v.id && (
        <AttachmentDialog
          voucherId={v.id}
          label={v.voucherNo}
          readOnly={readOnly}
          onChange={(_files, count) => {
            if (count !== null) setDocuments(String(count));
          }}
          onClose={() => closeDialog()}
        />
      )}
      {dialog?.kind === 'auxi' && (
        <AuxiliaryPicker
          subjectCode={dialog.code}
          subjectName={store.subjects().get(dialog.code)?.codeAndFullName}
          value={dialog.value}
          onSave={(choices) => pickAuxi(dialog.rowId, choices)}
          onCancel={() => closeDialog({ rowId: dialog.rowId, fieldId: 'debitAmount' })}
        />
      )}
    </div>
  );
}
