import { formatFen } from '../../shared/money.js';
import type { TrialCheck, TrialSide } from '../../../grids/opening-balance.js';

function Side({ name, side, midYear }: { name: string; side: TrialSide; midYear: boolean }) {
  return (
    <div className={`trial-side ${side.balanced ? 'balanced' : 'unbalanced'}`} role="group" aria-label={`${name}试算`}>
      <span className="trial-name">{name}</span>
      <span>
        借方合计 <strong data-testid={`${name}-debit`}>{formatFen(side.debit)}</strong>
      </span>
      <span>
        贷方合计 <strong data-testid={`${name}-credit`}>{formatFen(side.credit)}</strong>
      </span>
      <span>
        差额 <strong data-testid={`${name}-difference`}>{formatFen(side.difference)}</strong>
      </span>
      {midYear && (
        <span>
          累计借方 {formatFen(side.cumuleDebit)} / 累计贷方 {formatFen(side.cumuleCredit)}
        </span>
      )}
      <span className="trial-state" data-testid={`${name}-state`}>
        {side.balanced ? '试算平衡' : '试算不平衡'}
      </span>
    </div>
  );
}

/** The live trial check (期初试算平衡): financial accounting, and budget accounting apart. */
export function TrialPanel({ trial, hasBudget, midYear }: { trial: TrialCheck; hasBudget: boolean; midYear: boolean }) {
  return (
    <section className="trial-panel" aria-label="试算平衡" aria-live="polite">
      <Side name="财务会计" side={trial.financial} midYear={midYear} />
      {hasBudget && <Side name="预算会计" side={trial.budget} midYear={midYear} />}
    </section>
  );
}
