/**
 * Tab-separated text as spreadsheets put it on the clipboard: cells separated by tabs, rows by
 * CR LF (LF and CR alone are accepted), a trailing line break after the last row, and a cell that
 * holds a tab, a line break or a double quote wrapped in double quotes with inner quotes doubled.
 * parseTsv(serialiseTsv(m)) returns m for any rectangular matrix of strings.
 */

/** Parses clipboard text into rows of cells; ragged rows are padded with '' to a rectangle. */
export function parseTsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let i = 0;
  const n = text.length;
  let cellStart = true;
  const endCell = () => {
    row.push(cell);
    cell = '';
    cellStart = true;
  };
  const endRow = () => {
    endCell();
    rows.push(row);
    row = [];
  };
  while (i < n) {
    const ch = text[i] ?? '';
    if (cellStart && ch === '"') {
      // A quoted cell runs to the quote that is not doubled; what follows it up to the next
      // separator is kept as written (as spreadsheets do with a stray quote).
      const close = findClosingQuote(text, i + 1);
      if (close < 0) {
        cell += ch;
        cellStart = false;
        i += 1;
        continue;
      }
      cell += text.slice(i + 1, close).replace(/""/g, '"');
      cellStart = false;
      i = close + 1;
      continue;
    }
    cellStart = false;
    if (ch === '\t') {
      endCell();
      i += 1;
    } else if (ch === '\r' || ch === '\n') {
      endRow();
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
    } else {
      cell += ch;
      i += 1;
    }
  }
  // The text ends without a line break: its last row is still open.
  if (cell !== '' || row.length > 0) endRow();
  const width = rows.reduce((w, r) => Math.max(w, r.length), 0);
  return rows.map((r) => (r.length < width ? [...r, ...Array<string>(width - r.length).fill('')] : r));
}

function findClosingQuote(text: string, from: number): number {
  let i = from;
  while (i < text.length) {
    const q = text.indexOf('"', i);
    if (q < 0) return -1;
    if (text[q + 1] === '"') {
      i = q + 2;
      continue;
    }
    return q;
  }
  return -1;
}

function quoteCell(cell: string): string {
  return /[\t\r\n"]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** Serialises rows of cells the way Excel copies a range: CR LF after every row. */
export function serialiseTsv(rows: readonly (readonly string[])[]): string {
  return rows.map((r) => `${r.map(quoteCell).join('\t')}\r\n`).join('');
}
