/**
 * Checks the report templates line for line against the compiled reference (templates/reference/union-accounting.md
 * §5.1 and §5.2, parsed at test time) and against the text of the printed forms in the regulations
 * (templates/reference/regulations/), and checks that every template covers its chart: each code it names exists in
 * the chart, and every last-level subject lands on the report's totals exactly once with the right sign.
 */
import { describe, expect, it } from 'vitest';
import type { ChartTemplate } from '../../src/shared/chart.js';
import { evaluateReport, printedName, subjectCodesOf } from '../../src/shared/reports/evaluate.js';
import type { ReportForm, ReportLine, ReportTemplate, SubjectBalance } from '../../src/shared/reports/types.js';
import { charts } from '../charts/index.js';
import { compiledReference, regulationText, type RegulationFile } from '../reference/read-reference.js';
import {
  governmentBalanceSheet2017,
  reportTemplateFor,
  reportTemplates,
  unionBalanceSheetForm2021,
  unionGrassrootsBalanceSheet2021,
  unionIncomeExpenseForm2021,
} from './index.js';

// ---------------------------------------------------------------------------------------------------------------
// union-accounting.md tables

interface MdTable {
  heading: string;
  header: string[];
  rows: string[][];
}

function parseTables(markdown: string): MdTable[] {
  const tables: MdTable[] = [];
  let heading = '';
  let current: MdTable | null = null;
  for (const line of markdown.split('\n')) {
    if (!line.startsWith('|')) {
      current = null;
      if (line.startsWith('#')) heading = line.replace(/^#+\s*/, '');
      continue;
    }
    const cells = line
      .trim()
      .replace(/^\|/, '')
      .replace(/\|$/, '')
      .split('|')
      .map((c) => c.trim());
    if (current === null) {
      current = { heading, header: cells, rows: [] };
      tables.push(current);
    } else if (!cells.every((c) => /^:?-+:?$/.test(c))) {
      current.rows.push(cells);
    }
  }
  return tables;
}

function tableUnder(headingPrefix: string, header: readonly string[]): MdTable {
  const tables = parseTables(compiledReference());
  const table = tables.find((t) => t.heading.startsWith(headingPrefix) && header.every((h, i) => t.header[i]?.startsWith(h)));
  if (!table) throw new Error(`union-accounting.md: no table ${header.join(' | ')} under "${headingPrefix}…"`);
  return table;
}

/** Names as the md writes them (ASCII brackets, spaces, ' *') compared with the printed ones. */
const normalise = (name: string): string =>
  name.replaceAll('(', '（').replaceAll(')', '）').replaceAll(':', '：').replace(/\s+/g, '');

const threeDigitCodes = (text: string): string[] =>
  [...new Set([...text.matchAll(/(?<!\d)\d{3}(?!\d)/g)].map((m) => m[0]))].sort();

const numbered = (form: ReportForm): ReportLine[] => form.lines.filter((l) => l.no !== null);
const lineNo = (form: ReportForm, no: number): ReportLine => {
  const line = form.lines.find((l) => l.no === no);
  if (!line) throw new Error(`no line ${no}`);
  return line;
};
const lineRefs = (line: ReportLine): { line: number; sign: number }[] =>
  line.formula && 'lines' in line.formula
    ? line.formula.lines.map((t) => (typeof t === 'number' ? { line: t, sign: 1 } : t))
    : [];

describe('工会01表 against union-accounting.md §5.1', () => {
  const table = tableUnder('5.1', ['行', '项目', '取数']);
  const rows = table.rows.filter((r) => /^\d+$/.test(r[0] ?? ''));

  it('has the same numbered lines, names and order', () => {
    expect(rows.length).toBe(34);
    expect(numbered(unionBalanceSheetForm2021).map((l) => [l.no, printedName(l)])).toEqual(
      rows.map((r) => [Number(r[0]), normalise(r[1] ?? '')]),
    );
  });

  it('takes the subjects the reference names, and adds the lines it names', () => {
    for (const [no, , source = ''] of rows) {
      const line = lineNo(unionBalanceSheetForm2021, Number(no));
      const codes = threeDigitCodes(source);
      const range = /sum of lines (\d+)–(\d+)/.exec(source);
      if (codes.length > 0) {
        expect([...subjectCodesOf(unionBalanceSheetForm2021, Number(no))].sort(), `line ${no}`).toEqual(codes);
      } else if (range) {
        const from = Number(range[1]);
        const to = Number(range[2]);
        expect(lineRefs(line), `line ${no}`).toEqual(
          Array.from({ length: to - from + 1 }, (_, i) => ({ line: from + i, sign: 1 })),
        );
      } else {
        // "流动资产合计 + 投资 + …": the lines named, all added
        const names = source.split('+').map((n) => normalise(n));
        const named = names.map((n) => unionBalanceSheetForm2021.lines.find((l) => l.name === n)?.no);
        expect(lineRefs(line), `line ${no}`).toEqual(named.map((n) => ({ line: n, sign: 1 })));
      }
    }
  });

  it('marks line 2 as interim only', () => {
    expect(unionBalanceSheetForm2021.lines.filter((l) => l.interimOnly).map((l) => l.no)).toEqual([2]);
  });
});

describe('工会02表 against union-accounting.md §5.2', () => {
  const table = tableUnder('5.2', ['项目', '取数']);

  it('has the same lines, names and order, and the same annual-only lines', () => {
    const lines = unionIncomeExpenseForm2021.lines;
    expect(lines.length).toBe(table.rows.length);
    expect(lines.map((l) => l.name)).toEqual(table.rows.map((r) => normalise((r[0] ?? '').replace('(annual report only)', ''))));
    // an item marked "(annual report only)" and its (一), (二) details
    let sectionAnnual = false;
    table.rows.forEach(([name = ''], i) => {
      if (!name.startsWith('(')) sectionAnnual = name.includes('(annual report only)');
      expect(lines[i]?.annualOnly === true, name).toBe(sectionAnnual);
    });
  });

  it('reads the subjects the reference names; the totals add lines', () => {
    table.rows.forEach(([, source = ''], i) => {
      const line = unionIncomeExpenseForm2021.lines[i] as ReportLine;
      const codes = threeDigitCodes(source);
      if (codes.length > 0) {
        expect(line.formula && 'sum' in line.formula, line.name).toBe(true);
        const prefixes = [...new Set(subjectCodesOf(unionIncomeExpenseForm2021, line.no ?? 0).map((c) => c.slice(0, 3)))];
        expect(prefixes.sort(), line.name).toEqual(codes);
      } else if (source.includes('(一)')) {
        // "= (一) + (二)" or "(一)…(九)": the detail rows that follow it, all added
        const details: { line: number; sign: number }[] = [];
        for (let k = i + 1; (table.rows[k]?.[0] ?? '').startsWith('('); k++) {
          details.push({ line: unionIncomeExpenseForm2021.lines[k]?.no ?? 0, sign: 1 });
        }
        expect(details.length, line.name).toBeGreaterThan(1);
        expect(lineRefs(line), line.name).toEqual(details);
      } else {
        expect(source, line.name).toBe('三 − 四');
      }
    });
    // 五、本期收支差额 = 三 − 四
    expect(lineRefs(lineNo(unionIncomeExpenseForm2021, 27))).toEqual([
      { line: 5, sign: 1 },
      { line: 15, sign: -1 },
    ]);
  });

  it('reads opening balances for 年初 and closing balances for 年末', () => {
    const amountsOf = (no: number) => {
      const formula = lineNo(unionIncomeExpenseForm2021, no).formula;
      return formula && 'sum' in formula ? formula.sum.map((t) => t.amount) : [];
    };
    expect(amountsOf(2)).toEqual(['opening', 'opening']);
    expect(amountsOf(30)).toEqual(['closing', 'closing']);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The printed forms' text in the regulations

/** The body lines of a form in an extracted regulation text, without page breaks and page numbers. */
function formBody(file: RegulationFile, start: RegExp, end: RegExp): string[] {
  const text = regulationText(file).split('\n');
  const from = text.findIndex((l) => start.test(l.trim()));
  const to = text.findIndex((l, i) => i > from && end.test(l.trim()));
  expect(from, `${file}: form start`).toBeGreaterThanOrEqual(0);
  expect(to, `${file}: form end`).toBeGreaterThan(from);
  return text
    .slice(from, to)
    .map((l) => l.replace(/——/g, '').replace(/\s+/g, ''))
    .filter((l) => l !== '' && !/^<<PAGE\d+>>$/.test(l) && !/^\d+$/.test(l));
}

/** The form's rows as the text prints them: the left half's name then the right half's, blank rows dropped. */
function printedRows(form: ReportForm): string[] {
  const rows = Math.max(...form.lines.map((l) => l.row));
  const out: string[] = [];
  for (let r = 1; r <= rows; r++) {
    const at = (part: 'left' | 'right') => form.lines.find((l) => l.row === r && l.part === part);
    const text = [at('left'), at('right')].map((l) => (l ? printedName(l) : '')).join('');
    if (text !== '') out.push(text);
  }
  return out;
}

describe('the templates against the text of the printed forms', () => {
  it('工会01表: every printed row, both halves', () => {
    expect(printedRows(unionBalanceSheetForm2021)).toEqual(
      formBody('union-2021-accounting-system.txt', /^一、资\s*产\s+二、负\s*债/, /^注：/),
    );
  });

  it('工会02表: every printed row', () => {
    expect(printedRows(unionIncomeExpenseForm2021)).toEqual(
      formBody('union-2021-accounting-system.txt', /^一、年初资金结转结余$/, /^财政拨款收入支出表$/),
    );
  });

  it('会政财01表: every printed row, both halves', () => {
    expect(printedRows(governmentBalanceSheet2017)).toEqual(
      formBody('government-2017-accounting-system.txt', /^流动资产：/, /^注：/),
    );
  });

  it('会政财01表: its 编制说明 names every numbered line', () => {
    const text = regulationText('government-2017-accounting-system.txt').replace(/\s+/g, '');
    for (const line of numbered(governmentBalanceSheet2017)) {
      const bare = line.name.replace(/^减：/, '');
      expect(text.includes(`“${bare}”项目`) || text.includes(`“${bare}”`), line.name).toBe(true);
    }
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Templates and charts

const lastLevel = (chart: ChartTemplate) => chart.subjects.filter((s) => !chart.subjects.some((c) => c.parentCode === s.code));

const one = (code: string, fields: Partial<SubjectBalance>): SubjectBalance => ({
  code,
  openingFen: 0,
  closingFen: 0,
  periodDebitFen: 0,
  periodCreditFen: 0,
  yearDebitFen: 0,
  yearCreditFen: 0,
  ...fields,
});

const amount = (template: ReportForm, balances: SubjectBalance[], no: number, column: string) =>
  evaluateReport(template, balances).lines.find((l) => l.no === no)?.amounts[column];

describe('templates cover their charts', () => {
  it('every template is well formed: unique line numbers and rows, formulas over existing lines, no cycles', () => {
    for (const t of reportTemplates) {
      const nos = numbered(t).map((l) => l.no);
      expect(new Set(nos).size, t.id).toBe(nos.length);
      const slots = t.lines.map((l) => `${l.part}${l.row}`);
      expect(new Set(slots).size, t.id).toBe(slots.length);
      for (const line of t.lines) {
        for (const ref of lineRefs(line)) expect(nos, `${t.id} ${line.name}`).toContain(ref.line);
        expect(line.no === null, `${t.id} ${line.name}: headings only have no number`).toBe(line.formula === undefined);
      }
      if (t.carryOver) {
        for (const no of [t.carryOver.interimLine, t.carryOver.annualLine]) {
          expect(lineNo(t, no).formula && 'sum' in lineNo(t, no).formula!, t.id).toBe(true);
        }
      }
      expect(() => evaluateReport(t, [])).not.toThrow();
    }
  });

  it('every code a template names exists in its chart', () => {
    for (const t of reportTemplates) {
      const chart = charts[t.chartId];
      const codes = new Set(chart.subjects.map((s) => s.code));
      for (const line of t.lines) {
        if (line.formula && 'sum' in line.formula) {
          for (const term of line.formula.sum) expect(codes.has(term.code), `${t.id} ${line.name} ${term.code}`).toBe(true);
        }
      }
    }
  });

  it('the 基层 templates keep every printed line of the form', () => {
    expect(unionGrassrootsBalanceSheet2021.lines.map(printedName)).toEqual(unionBalanceSheetForm2021.lines.map(printedName));
    expect(lineNo(unionGrassrootsBalanceSheet2021, 2).formula).toEqual({ sum: [] });
  });

  it('every last-level asset, liability and net-asset subject lands once on its side of the balance sheet', () => {
    for (const t of reportTemplates.filter((r) => r.kind === 'balance-sheet')) {
      const check = t.checks[0]!;
      for (const s of lastLevel(charts[t.chartId]).filter((x) => !x.isBudget && x.type <= 3)) {
        // a debit balance of 1 fen: +1 on the asset total, or -1 on the liabilities-and-net-assets total
        const balances = [one(s.code, { openingFen: 1, closingFen: 1 })];
        for (const column of t.columns) {
          const left = amount(t, balances, check.left, column.id);
          const right = amount(t, balances, check.right, column.id);
          if (
            column.id === 'opening' &&
            t.lines.some((l) => l.blankColumns?.includes('opening') && subjectCodesOf(t, l.no!).includes(s.code))
          ) {
            continue; // 本期盈余 and 无偿调拨净资产 print '——' as 年初余额
          }
          expect([left, right], `${t.id} ${s.code} ${s.name} ${column.id}`).toEqual(s.type === 1 ? [1, 0] : [0, -1]);
        }
      }
    }
  });

  it('every last-level revenue and expense subject lands once on 收入合计 or 支出合计 of 工会02表', () => {
    for (const t of reportTemplates.filter((r) => r.kind === 'income-expense')) {
      for (const s of lastLevel(charts[t.chartId]).filter((x) => x.type === 4 || x.type === 5)) {
        const balances = [one(s.code, { periodCreditFen: 1, yearCreditFen: 1 })];
        for (const column of t.columns) {
          expect(
            [amount(t, balances, 5, column.id), amount(t, balances, 15, column.id), amount(t, balances, 27, column.id)],
            `${t.id} ${s.code} ${s.name}`,
          ).toEqual(s.type === 4 ? [1, 0, 1] : [0, -1, 1]);
        }
      }
    }
  });

  it('a balance no printed line takes is reported as uncovered', () => {
    const result = evaluateReport(unionGrassrootsBalanceSheet2021, [
      one('151', { closingFen: 500 }),
      one('101', { closingFen: 500 }),
    ]);
    expect(result.uncovered).toEqual(['151']);
    const annual = evaluateReport(unionBalanceSheetForm2021, [one('111', { closingFen: 500 })], { mode: 'annual' });
    expect(annual.uncovered).toEqual(['111']);
  });

  it('picks the template of a chart', () => {
    expect(reportTemplateFor('union-2021-grassroots', 'balance-sheet')?.id).toBe('union-2021-grassroots-balance-sheet');
    expect(reportTemplateFor('union-2021-county', 'income-expense')?.id).toBe('union-2021-county-income-expense');
    expect(reportTemplateFor('government-2017', 'balance-sheet')?.id).toBe('government-2017-balance-sheet');
    expect(reportTemplateFor('union-2009', 'balance-sheet')).toBeUndefined();
    const ids: ReportTemplate['id'][] = reportTemplates.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
