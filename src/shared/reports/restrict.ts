/**
 * A template for a narrower chart: the same printed lines (a form does not change with the chart), with
 * the subject terms that name no subject of the chart removed. Lines left with no term read 0.
 */
import type { ChartId } from '../chart.js';
import type { LineFormula, ReportForm, ReportTemplate } from './types.js';

/** True when a term naming `termCode` takes something of the chart: the code itself or one of its details. */
function takesSomething(termCode: string, codes: readonly string[]): boolean {
  return codes.some((code) => code.startsWith(termCode));
}

export function restrictToCodes(
  template: ReportForm,
  codes: Iterable<string>,
  rename: { id: string; chartId: ChartId },
): ReportTemplate {
  const list = [...codes];
  const restrict = (formula: LineFormula): LineFormula =>
    'sum' in formula ? { sum: formula.sum.filter((term) => takesSomething(term.code, list)) } : formula;
  return {
    ...template,
    ...rename,
    lines: template.lines.map((line) => (line.formula ? { ...line, formula: restrict(line.formula) } : line)),
  };
}
