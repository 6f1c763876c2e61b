/**
 * 默认科目: the set's default subject for each share (funds_setting), used where a unit's ratio
 * names none (the voucher then falls back to 402 / 211 / 212 as the funds voucher rule says). Each
 * subject is picked in the subject picker (last level only) or cleared; Enter saves, Esc cancels.
 */
import { useEffect, useState } from 'react';
import type { FundsSetting, FundsSettingField } from '../../shared/api/schemas/funds-units.js';
import { FormDialog } from '../message-box/FormDialog.js';
import { messageBox } from '../message-box/message-box.js';
import { ApiError, performAction } from '../shell/request.js';
import { SubjectPicker } from '../subjects/SubjectPicker.js';
import { shownInDialog } from '../user-center/zt/ZtEditDialog.js';
import { fetchSetting, saveSetting } from './funds-units-api.js';

const FIELDS: readonly [FundsSettingField, string][] = [
  ['retained', '本级留成'],
  ['superior', '应付上级'],
  ['lower', '应付下级'],
  ['preparatory', '建会筹备金'],
  ['smallBusiness', '小微企业返还'],
  ['collectionFee', '代收手续费'],
];

export function SettingDialog({ onClose }: { onClose: () => void }) {
  const [setting, setSetting] = useState<Partial<Record<FundsSettingField, string | null>> | null>(null);
  const [picking, setPicking] = useState<FundsSettingField | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let active = true;
    fetchSetting().then(
      (s: FundsSetting) => active && setSetting(s),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, []);

  const submit = async () => {
    if (!setting) return;
    setBusy(true);
    setRefusal(null);
    try {
      await saveSetting(setting);
      messageBox.fireAndForget(messageBox.alert('默认科目已保存', { tone: 'success' }));
      onClose();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (shownInDialog(error)) setRefusal(error.message);
      else performAction(error.action);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <FormDialog
        title="经费默认科目"
        className="funds-setting-dialog"
        busy={busy}
        escapeCancels={picking === null}
        onSubmit={submit}
        onCancel={onClose}
      >
        {setting === null && <span className="muted">正在读取…</span>}
        {setting !== null &&
          FIELDS.map(([field, label]) => (
            <div key={field} className="funds-inline">
              <span className="funds-setting-label">{label}</span>
              <button type="button" aria-label={`${label}默认科目`} onClick={() => setPicking(field)}>
                {setting[field] ?? '选择科目'}
              </button>
              {setting[field] && (
                <button
                  type="button"
                  className="link"
                  aria-label={`清除${label}默认科目`}
                  onClick={() => setSetting((s) => ({ ...s, [field]: null }))}
                >
                  ×
                </button>
              )}
            </div>
          ))}
        {refusal && (
          <p className="field-error" role="alert">
            {refusal}
          </p>
        )}
      </FormDialog>
      {picking && (
        <SubjectPicker
          onPick={(s) => {
            setSetting((all) => ({ ...all, [picking]: s.code }));
            setPicking(null);
          }}
          onClose={() => setPicking(null)}
        />
      )}
    </>
  );
}
