/**
 * 经费核算 dialog of a lower-level set (spec "Funds accounting dialog"): add (the lower sets of the
 * tree from jxhs_DepartList, ticked with Space, or one unit keyed by hand: name and numeric code of
 * at most 20) or edit (the unit is fixed). The ratios: the lower unit's upper-remittance ratio
 * (100 and fixed for a same-level unit), its retention (shown), this level, superior one and two,
 * lower, each with the subject receiving it; a subject button is enabled only while its ratio is
 * filled and emptying a ratio clears its subject. The sum rule and its messages are the server's
 * (shared/funds/unit-rules.ts), shown as the user types; Enter saves, Esc cancels.
 */
import { useEffect, useState } from 'react';
import type { FundsUnitRow, JxhsDepart } from '../../shared/api/schemas/funds-units.js';
import type { SubjectItem } from '../../shared/api/subjects.js';
import { RatioMessages } from '../../shared/funds/ratios.js';
import {
  checkLowerUnitForm,
  checkUnitCode,
  checkUnitName,
  LOWER_SHARES,
  type LowerSubjectField,
} from '../../shared/funds/unit-rules.js';
import { FormDialog } from '../message-box/FormDialog.js';
import { TextField } from '../message-box/TextField.js';
import { SubjectPicker } from '../subjects/SubjectPicker.js';
import { departList, saveLowerUnits } from './funds-units-api.js';
import { RatioField } from './ratio-field.js';
import { saveUnitDialog } from './unit-dialog-save.js';
import { FromMonthField } from './FromMonthField.js';

const SHARE_TITLES: Record<(typeof LOWER_SHARES)[number]['kind'], string> = {
  retained: '本级留成比例',
  superiorOne: '应付上级一比例',
  superiorTwo: '应付上级二比例',
  lower: '应付下级比例',
};

type Texts = Record<string, string>;
const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

function initialTexts(unit: FundsUnitRow | null): Texts {
  const r = unit?.ratio;
  return {
    lowerLevelUpperSolutionRatio: text(r?.lowerLevelUpperSolutionRatio),
    proportionLowerLevel: text(r?.proportionLowerLevel),
    retentionRatioThisLevel: text(r?.retentionRatioThisLevel || null),
    dealingWithSuperiorRatioOne: text(r?.dealingWithSuperiorRatioOne || null),
    dealingWithSuperiorRatioTwo: text(r?.dealingWithSuperiorRatioTwo || null),
    copeWithSubordinateRatio: text(r?.copeWithSubordinateRatio || null),
  };
}

function initialSubjects(unit: FundsUnitRow | null): Partial<Record<LowerSubjectField, { code: string; text: string }>> {
  const r = unit?.ratio;
  if (!r) return {};
  const out: Partial<Record<LowerSubjectField, { code: string; text: string }>> = {};
  for (const share of LOWER_SHARES) {
    const code = r[share.subject];
    if (code) out[share.subject] = { code, text: r[`${share.subject}CodeFullName`] ?? code };
  }
  return out;
}

export function LowerUnitDialog({
  unit,
  month,
  onClose,
}: {
  unit: FundsUnitRow | null;
  month: number;
  onClose: (saved: boolean) => void;
}) {
  const [departs, setDeparts] = useState<JxhsDepart[] | null>(null);
  const [chosen, setChosen] = useState<number[]>([]);
  const [byHand, setByHand] = useState(false);
  const [handName, setHandName] = useState('');
  const [handCode, setHandCode] = useState('');
  const [sameLevel, setSameLevel] = useState(unit?.sameLevel ?? false);
  const [fromMonth, setFromMonth] = useState(unit ? month : 1);
  const [texts, setTexts] = useState<Texts>(() => initialTexts(unit));
  const [subjects, setSubjects] = useState(() => initialSubjects(unit));
  const [picking, setPicking] = useState<LowerSubjectField | null>(null);
  const [tried, setTried] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (unit) return;
    let active = true;
    departList().then(
      (list) => active && setDeparts(list),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [unit]);

  const form = {
    sameLevel,
    ...texts,
    lowerLevelUpperSolutionRatio: sameLevel ? '100' : texts.lowerLevelUpperSolutionRatio,
    ...Object.fromEntries(LOWER_SHARES.map((s) => [s.subject, subjects[s.subject]?.code ?? null])),
  };
  const checked = checkLowerUnitForm(form);
  const issueOf = (field: string) => (!checked.ok ? checked.issues.find((i) => i.fieldId === field)?.message : undefined);
  const unitIssue = (): { field: string; message: string } | null => {
    if (unit) return null;
    if (byHand) {
      const name = checkUnitName(handName.trim());
      if (name) return { field: 'handZtId', message: handName.trim() === '' ? RatioMessages.handNameRequired : name };
      const code = checkUnitCode(handCode.trim());
      return code ? { field: 'handZtCode', message: code } : null;
    }
    return chosen.length === 0 ? { field: 'ztids', message: RatioMessages.selectLowerUnits } : null;
  };
  const problem = unitIssue();

  const setRatio = (field: string, value: string) => {
    setTexts((t) => ({ ...t, [field]: value }));
    const share = LOWER_SHARES.find((s) => s.ratio === field);
    // Emptying a ratio clears the subject that receives it (spec).
    if (share && value.trim() === '') setSubjects((s) => ({ ...s, [share.subject]: undefined }));
  };

  const submit = async () => {
    setTried(true);
    setRefusal(null);
    if (problem || !checked.ok) return;
    await saveUnitDialog(
      () =>
        saveLowerUnits({
          ...(unit ? { id: unit.id } : byHand ? { handZtId: handName.trim(), handZtCode: handCode.trim() } : { ztids: chosen }),
          fromMonth,
          ...form,
        }),
      {
        saved: () => onClose(true),
        refused: setRefusal,
        busy: setBusy,
      },
    );
  };

  const open = departs?.filter((d) => !d.configured) ?? [];
  const shown = (field: string) => (tried ? issueOf(field) : undefined);

  return (
    <>
      <FormDialog
        title={unit ? `编辑经费核算 ${unit.code} ${unit.name}` : '新增经费核算'}
        className="funds-dialog"
        busy={busy}
        escapeCancels={picking === null}
        note="空格勾选单位，回车保存"
        onSubmit={submit}
        onCancel={() => onClose(false)}
      >
        {!unit && (
          <fieldset className="funds-units-choice">
            <legend>下级单位</legend>
            <label className="funds-inline">
              <input type="checkbox" checked={byHand} onChange={(e) => setByHand(e.target.checked)} />
              手工录入单位（不在本系统的单位）
            </label>
            {byHand ? (
              <div className="funds-hand">
                <div>
                  <TextField
                    id="funds-hand-name"
                    label="单位名称"
                    value={handName}
                    maxLength={100}
                    autoComplete="off"
                    issues={tried && problem?.field === 'handZtId' ? [problem.message] : []}
                    onChange={(e) => setHandName(e.target.value)}
                  />
                </div>
                <div>
                  <TextField
                    id="funds-hand-code"
                    label="单位编码"
                    value={handCode}
                    maxLength={20}
                    inputMode="numeric"
                    autoComplete="off"
                    issues={tried && problem?.field === 'handZtCode' ? [problem.message] : []}
                    hint="数字，最多20位"
                    onChange={(e) => setHandCode(e.target.value)}
                  />
                </div>
              </div>
            ) : (
              <div className="funds-departs" role="group" aria-label="下级账套">
                {departs === null && <span className="muted">正在读取下级账套…</span>}
                {departs !== null && open.length === 0 && <span className="muted">没有未配置的下级账套</span>}
                {open.map((d) => (
                  <label key={d.ztid} className="funds-inline" style={{ paddingLeft: `${(d.depth - 1) * 1.2}em` }}>
                    <input
                      type="checkbox"
                      checked={chosen.includes(d.ztid)}
                      onChange={(e) => setChosen((c) => (e.target.checked ? [...c, d.ztid] : c.filter((x) => x !== d.ztid)))}
                    />
                    {d.ztNo} {d.ztName}
                  </label>
                ))}
                {tried && problem?.field === 'ztids' && (
                  <p className="field-error" role="alert">
                    {problem.message}
                  </p>
                )}
              </div>
            )}
          </fieldset>
        )}
        <div className="funds-row">
          <label className="funds-inline">
            <input type="checkbox" checked={sameLevel} onChange={(e) => setSameLevel(e.target.checked)} />
            同级单位（本级、上级与下级比例之和为100%）
          </label>
          <FromMonthField value={fromMonth} onChange={setFromMonth} />
        </div>
        <div className="funds-ratios">
          <RatioField
            id="funds-upper"
            label="下级上解比例"
            value={sameLevel ? '100' : (texts.lowerLevelUpperSolutionRatio ?? '')}
            readOnly={sameLevel}
            issue={shown('lowerLevelUpperSolutionRatio')}
            onChange={(v) => setRatio('lowerLevelUpperSolutionRatio', v)}
          />
          <RatioField
            id="funds-lower-retention"
            label="下级留成比例"
            value={texts.proportionLowerLevel ?? ''}
            issue={shown('proportionLowerLevel')}
            onChange={(v) => setRatio('proportionLowerLevel', v)}
          />
          {LOWER_SHARES.map((share) => (
            <RatioField
              key={share.kind}
              id={`funds-${share.kind}`}
              label={SHARE_TITLES[share.kind]}
              value={texts[share.ratio] ?? ''}
              issue={shown(share.ratio) ?? shown(share.subject)}
              onChange={(v) => setRatio(share.ratio, v)}
              subject={{
                text: subjects[share.subject]?.text ?? null,
                onPick: () => setPicking(share.subject),
                onClear: () => setSubjects((s) => ({ ...s, [share.subject]: undefined })),
              }}
            />
          ))}
        </div>
        {refusal && (
          <p className="field-error" role="alert">
            {refusal}
          </p>
        )}
      </FormDialog>
      {picking && (
        <SubjectPicker
          onPick={(s: SubjectItem) => {
            setSubjects((all) => ({ ...all, [picking]: { code: s.code, text: s.codeAndFullName } }));
            setPicking(null);
          }}
          onClose={() => setPicking(null)}
        />
      )}
    </>
  );
}
