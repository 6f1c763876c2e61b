/**
 * 新增明细 / 修改明细 of 项目预算 and 支出分类设置. A project budget: its category, name, opening
 * budget (调整前预算) and adjusted budget (调整后预算, the opening one until the plan is approved,
 * so it follows what is typed), and, for a holder of zdrapproval only, its expense subjects (types
 * 5 and 7; a parent covers its children). An expenditure line: its category, class, name and
 * amount. While the plan is submitted or approved only the name may change. Checked with the
 * shared rules the server runs again.
 */
import { useEffect, useState } from 'react';
import type { BudgetCategoryNode, BudgetDetail } from '../../shared/api/schemas/budget-setup.js';
import type { SubjectItem } from '../../shared/api/subjects.js';
import { EXPEND_CLASSES, type BudgetAuxiType } from '../../shared/budget/classes.js';
import { isProjectType, validateDetail } from '../../shared/budget/setup-rules.js';
import type { ValidationIssue } from '../../shared/envelope.js';
import { yuanToFen } from '../../shared/vouchers/amounts.js';
import { messageBox } from '../message-box/message-box.js';
import { FormDialog } from '../message-box/FormDialog.js';
import { TextField } from '../message-box/TextField.js';
import { fetchSubjects } from '../subjects/subject-api.js';
import { SubjectPicker } from '../subjects/SubjectPicker.js';
import { saveDetail } from './budget-setup-api.js';

interface Props {
  /** The categories a new detail may go under (one type or class). */
  categories: readonly BudgetCategoryNode[];
  /** Adding: the category chosen in the tree. */
  category: BudgetCategoryNode | null;
  detail?: BudgetDetail;
  planEditable: boolean;
  /** The user holds 项目预算's zdrapproval: the subject selector shows. */
  mayChooseSubjects: boolean;
  onSaved: (budgetId: string) => void;
  onCancel: () => void;
}

type Amount = { fen: number | null; problem: string | null };

function amountOf(text: string): Amount {
  if (text.trim() === '') return { fen: null, problem: null };
  const result = yuanToFen(text);
  return result.ok ? { fen: result.fen, problem: null } : { fen: null, problem: result.message };
}

const yuanText = (yuan: number | undefined) => (yuan === undefined ? '' : String(yuan));

export function BudgetDetailDialog({ categories, category, detail, planEditable, mayChooseSubjects, onSaved, onCancel }: Props) {
  const editing = !!detail;
  const [typeId, setTypeId] = useState(detail?.typeId ?? category?.typeId ?? '');
  const current = categories.find((c) => c.typeId === typeId) ?? null;
  const auxiType = (current?.auxiType ?? categories[0]?.auxiType ?? 'XMYS') as BudgetAuxiType;
  const project = isProjectType(auxiType);
  const [expendClass, setExpendClass] = useState(
    detail?.expendBudgetClassification ?? category?.expendBudgetClassification ?? '',
  );
  const [projectName, setProjectName] = useState(detail?.projectName ?? '');
  const [opening, setOpening] = useState(yuanText(detail?.amountBeforeAdjustment));
  const [amount, setAmount] = useState(yuanText(detail?.projectAmount));
  const [subjects, setSubjects] = useState<{ code: string; name: string }[]>(detail?.subjects ?? []);
  const [chart, setChart] = useState<SubjectItem[] | null>(null);
  const [picking, setPicking] = useState(false);
  const [issues, setIssues] = useState<ValidationIssue[]>([]);
  const [busy, setBusy] = useState(false);
  const amountsLocked = !planEditable;
  // Before approval the adjusted budget is the opening one: it follows what is typed.
  const adjusted = project && planEditable ? opening : amount;

  useEffect(() => {
    if (!mayChooseSubjects || !project) return;
    fetchSubjects()
      .then((list) => setChart(list.filter((s) => s.enable && (s.type === 5 || s.type === 7))))
      .catch(() => undefined);
  }, [mayChooseSubjects, project]);

  const submit = async () => {
    const openingFen = amountOf(opening);
    const adjustedFen = amountOf(adjusted);
    const found: ValidationIssue[] = [
      ...(openingFen.problem && project ? [{ message: openingFen.problem, fieldId: 'amountBeforeAdjustment' }] : []),
      ...(adjustedFen.problem ? [{ message: adjustedFen.problem, fieldId: 'projectAmount' }] : []),
      ...validateDetail({
        auxiType,
        categoryClass: current?.expendBudgetClassification ?? null,
        typeId: current?.typeId ?? null,
        projectName,
        projectAmount: adjustedFen.problem ? 0 : adjustedFen.fen,
        amountBeforeAdjustment: project ? (openingFen.problem ? 0 : openingFen.fen) : adjustedFen.fen,
        expendBudgetClassification: project ? null : expendClass || null,
        subjects: subjects.map((s) => s.code),
        mayChooseSubjects: mayChooseSubjects && project,
      }),
    ];
    setIssues(found);
    const first = found[0];
    if (first) {
      document.querySelector<HTMLElement>(`[data-field="${first.fieldId ?? ''}"]`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const saved = await saveDetail({
        ...(detail ? { id: detail.budgetId } : {}),
        auxiType,
        typeId: current?.typeId ?? null,
        projectName: projectName.trim(),
        projectAmount: adjusted.trim(),
        ...(project ? { amountBeforeAdjustment: opening.trim() } : { expendBudgetClassification: expendClass }),
        ...(mayChooseSubjects && project ? { subjectCodeArray: subjects.map((s) => s.code).join(',') } : {}),
      });
      if (saved.message !== '保存成功')
        messageBox.fireAndForget(messageBox.alert(saved.message, { tone: 'warning', autoClose: false }));
      onSaved(saved.data.budgetId);
    } catch {
      // The request wrapper has shown the server's refusal.
    } finally {
      setBusy(false);
    }
  };

  const messages = (fieldId: string) => issues.filter((i) => i.fieldId === fieldId).map((i) => i.message);
  const error = (fieldId: string) => (
    <p className="field-error" role={messages(fieldId).length ? 'alert' : undefined}>
      {messages(fieldId).join(' ')}
    </p>
  );

  return (
    <>
      <FormDialog
        title={editing ? '修改明细' : '新增明细'}
        className="budget-detail-dialog"
        busy={busy}
        escapeCancels={!picking}
        note={amountsLocked ? '预算方案已提交或批复：只能修改名称' : undefined}
        onSubmit={submit}
        onCancel={onCancel}
      >
        <label className="field">
          <span>类别</span>
          <select
            data-field="typeId"
            value={typeId}
            disabled={editing}
            autoFocus={!editing && !category}
            onChange={(e) => {
              setTypeId(e.target.value);
              const next = categories.find((c) => c.typeId === e.target.value);
              if (next?.expendBudgetClassification) setExpendClass(next.expendBudgetClassification);
            }}
          >
            <option value="">请选择</option>
            {categories.map((c) => (
              <option key={c.typeId} value={c.typeId}>
                {c.infoNo} {c.typeName}
              </option>
            ))}
          </select>
        </label>
        {error('typeId')}
        {!project && (
          <>
            <label className="field">
              <span>支出分类</span>
              <select
                data-field="expendBudgetClassification"
                value={expendClass}
                onChange={(e) => setExpendClass(e.target.value)}
              >
                <option value="">请选择</option>
                {EXPEND_CLASSES.filter((c) => c.code !== '002').map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.code} {c.name}
                  </option>
                ))}
              </select>
            </label>
            {error('expendBudgetClassification')}
          </>
        )}
        <TextField
          id="budget-detail-name"
          data-field="projectName"
          label="名称"
          issues={messages('projectName')}
          autoFocus={editing || !!category}
          maxLength={100}
          value={projectName}
          onChange={(e) => setProjectName(e.target.value)}
        />
        {project ? (
          <>
            <TextField
              id="budget-detail-opening"
              data-field="amountBeforeAdjustment"
              label="调整前预算（元）"
              inputMode="decimal"
              issues={messages('amountBeforeAdjustment')}
              readOnly={amountsLocked}
              value={opening}
              onChange={(e) => setOpening(e.target.value)}
            />
            <TextField
              id="budget-detail-adjusted"
              data-field="projectAmount"
              label="调整后预算（元）"
              issues={messages('projectAmount')}
              hint={planEditable ? '方案批复前等于调整前预算；批复后在预算调整中调整' : undefined}
              readOnly
              value={adjusted}
            />
          </>
        ) : (
          <TextField
            id="budget-detail-amount"
            data-field="projectAmount"
            label="金额（元）"
            inputMode="decimal"
            issues={messages('projectAmount')}
            readOnly={amountsLocked}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        )}
        {project && mayChooseSubjects && (
          <div className="field budget-subjects" role="group" aria-label="预算科目">
            <span>预算科目（5、7类科目；上级科目含其下级）</span>
            <ul className="budget-subject-chips">
              {subjects.map((s) => (
                <li key={s.code}>
                  {s.code} {s.name}
                  {!amountsLocked && (
                    <button
                      type="button"
                      className="btn btn-link"
                      aria-label={`移除科目${s.code}`}
                      onClick={() => setSubjects((list) => list.filter((x) => x.code !== s.code))}
                    >
                      ×
                    </button>
                  )}
                </li>
              ))}
            </ul>
            <button
              type="button"
              className="btn"
              data-field="subjectCodeArray"
              disabled={amountsLocked || chart === null}
              onClick={() => setPicking(true)}
            >
              选择科目
            </button>
            {error('subjectCodeArray')}
          </div>
        )}
      </FormDialog>
      {picking && chart && (
        <SubjectPicker
          title="选择预算科目"
          subjects={chart}
          anyLevel
          onPick={(picked) => {
            setPicking(false);
            setIssues((list) => list.filter((i) => i.fieldId !== 'subjectCodeArray'));
            setSubjects((list) =>
              list.some((s) => s.code === picked.code)
                ? list
                : [...list, { code: picked.code, name: picked.codeName }].sort((a, b) => (a.code < b.code ? -1 : 1)),
            );
            setTimeout(() => document.querySelector<HTMLElement>('[data-field="subjectCodeArray"]')?.focus());
          }}
          onClose={() => setPicking(false)}
        />
      )}
    </>
  );
}
