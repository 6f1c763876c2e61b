/**
 * The platforms of a ledger set in 账套管理's edit dialog: every platform as a checkbox, ticked
 * when the set has it (a new set: the recommended ones, as the server gives it). Saved after the
 * set itself (listByZtId / saveByZtId), only when changed. A disabled platform is shown as such:
 * a set may keep it, it opens nothing while disabled.
 */
import { useEffect, useState } from 'react';
import type { PlatformItem } from '../../../shared/api/schemas/platform.js';
import { messageBox } from '../../message-box/message-box.js';
import { ApiError } from '../../shell/request.js';
import { enterSubmits } from './PlatformFormDialog.js';
import { listPlatforms, platformsOfSet, savePlatformsOfSet } from './platform-api.js';
import './platform.css';

export interface PlatformChoice {
  platforms: PlatformItem[] | null;
  chosen: number[];
  setChosen: (ids: number[]) => void;
  /** Saves the choice for the set when it differs from what the set had; false when refused (already shown). */
  save: (ztId: number) => Promise<boolean>;
}

const same = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((id) => b.includes(id));

export function usePlatformChoice(ztId: number | null): PlatformChoice {
  const [platforms, setPlatforms] = useState<PlatformItem[] | null>(null);
  const [initial, setInitial] = useState<number[]>([]);
  const [chosen, setChosen] = useState<number[]>([]);

  useEffect(() => {
    let active = true;
    Promise.all([listPlatforms(), ztId === null ? Promise.resolve(null) : platformsOfSet(ztId)]).then(
      ([all, held]) => {
        if (!active) return;
        const ids = held ? held.map((p) => p.id) : all.filter((p) => p.isRecommend).map((p) => p.id);
        setPlatforms(all);
        setInitial(ids);
        setChosen(ids);
      },
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [ztId]);

  const save = async (savedId: number) => {
    if (platforms === null || same(initial, chosen)) return true;
    try {
      await savePlatformsOfSet(savedId, chosen);
      return true;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      await messageBox.alert(`账套已保存，但平台未保存：${error.message}`, { tone: 'warning', autoClose: false });
      return false;
    }
  };
  return { platforms, chosen, setChosen, save };
}

export function ZtPlatformChecklist({ choice }: { choice: PlatformChoice }) {
  const { platforms, chosen, setChosen } = choice;
  return (
    <fieldset className="zt-platforms zt-field-wide" aria-label="开通的平台">
      <legend>开通的平台</legend>
      {platforms === null && <span className="muted">正在读取平台…</span>}
      {platforms?.map((p) => (
        <label key={p.id} className="zt-platform" title={p.menus.map((m) => m.titleName).join('、')}>
          <input
            type="checkbox"
            checked={chosen.includes(p.id)}
            onChange={(e) => setChosen(e.target.checked ? [...chosen, p.id] : chosen.filter((id) => id !== p.id))}
            onKeyDown={enterSubmits}
          />
          {p.name}
          {!p.enable && <span className="muted">（已停用）</span>}
        </label>
      ))}
    </fieldset>
  );
}
