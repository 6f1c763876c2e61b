import type { ErrorItem } from './grid-model.js';

const SHOWN = 20;

/** Failing cells and rows under the grid; a click (or Enter) goes to the cell. */
export function GridErrorList({
  errors,
  describe,
  onGo,
}: {
  errors: readonly ErrorItem[];
  describe: (item: ErrorItem) => string;
  onGo: (item: ErrorItem) => void;
}) {
  if (errors.length === 0) return null;
  return (
    <div className="grid-errors" role="region" aria-label="错误列表">
      <div className="grid-errors-title">有 {errors.length} 处错误，修正后才能保存：</div>
      <ul>
        {errors.slice(0, SHOWN).map((item, i) => (
          <li key={`${item.rowId ?? ''}:${item.fieldId ?? ''}:${i}`}>
            <button type="button" className="link-button" onClick={() => onGo(item)}>
              {describe(item)}
            </button>
          </li>
        ))}
        {errors.length > SHOWN && <li className="muted">还有 {errors.length - SHOWN} 处</li>}
      </ul>
    </div>
  );
}
