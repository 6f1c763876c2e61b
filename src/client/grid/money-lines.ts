/**
 * Money columns drawn with 金额线 (src/shared/vouchers/money-lines.ts): the header shows the
 * column's name over 亿 千 百 十 万 千 百 十 元 角 分, and each cell its amount one digit per ruled
 * column, the 元|角 line marking the decimal point. A page turns it on for chosen fields through
 * CellExtras.moneyLines; editing stays the kind's text input, and an amount that does not fit (or a
 * typed draft) shows as plain text.
 */
import type { ColDef, ICellRendererComp, ICellRendererParams, IHeaderComp, IHeaderParams } from 'ag-grid-community';
import type { GridRow } from '../../shared/grid/definition.js';
import { MONEY_LINE_LABELS, moneyLineDigits, YUAN_INDEX } from '../../shared/vouchers/money-lines.js';
import './money-lines.css';

/** Pixels per digit column. */
export const MONEY_LINE_DIGIT_PX = 14;
const WIDTH = MONEY_LINE_LABELS.length * MONEY_LINE_DIGIT_PX + 4;

function digitRow(className: string, texts: readonly string[]): HTMLElement {
  const row = document.createElement('span');
  row.className = className;
  texts.forEach((text, i) => {
    const cell = document.createElement('span');
    cell.className = i === YUAN_INDEX ? 'ufc-ml-digit ufc-ml-yuan' : 'ufc-ml-digit';
    cell.textContent = text;
    row.append(cell);
  });
  return row;
}

class MoneyLinesCell implements ICellRendererComp<GridRow> {
  private el: HTMLElement = document.createElement('span');

  init(params: ICellRendererParams<GridRow>): void {
    this.render(params);
  }

  private render(params: ICellRendererParams<GridRow>): void {
    const value: unknown = params.value;
    // No amount still draws the ruled columns, as a blank line of a paper voucher does.
    const empty = value === null || value === undefined || value === 0;
    const lines = moneyLineDigits(value) ?? (empty ? { digits: MONEY_LINE_LABELS.map(() => ''), negative: false } : null);
    if (!lines) {
      this.el = document.createElement('span');
      this.el.className = 'ufc-ml-plain';
      this.el.textContent = params.valueFormatted ?? '';
      return;
    }
    this.el = digitRow(lines.negative ? 'ufc-ml-row ufc-ml-negative' : 'ufc-ml-row', lines.digits);
    this.el.setAttribute('aria-label', params.valueFormatted ?? '');
  }

  getGui(): HTMLElement {
    return this.el;
  }

  refresh(): boolean {
    return false;
  }
}

class MoneyLinesHeader implements IHeaderComp {
  private readonly el = document.createElement('div');

  init(params: IHeaderParams): void {
    this.el.className = 'ufc-ml-header';
    const name = document.createElement('span');
    name.className = 'ufc-ml-name';
    name.textContent = params.displayName;
    this.el.append(name, digitRow('ufc-ml-row ufc-ml-labels', MONEY_LINE_LABELS));
  }

  getGui(): HTMLElement {
    return this.el;
  }

  refresh(): boolean {
    return false;
  }
}

/** The column with 金额线: digit header, digit cells, a width that fits the eleven columns. */
export function withMoneyLines(column: ColDef<GridRow>): ColDef<GridRow> {
  return {
    ...column,
    width: WIDTH,
    minWidth: WIDTH,
    flex: undefined,
    headerComponent: MoneyLinesHeader,
    headerClass: 'ufc-ml-header-cell',
    cellRenderer: MoneyLinesCell,
    cellRendererSelector: undefined,
    cellClass: 'ufc-ml-cell',
  };
}
