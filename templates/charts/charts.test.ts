/**
 * Checks the chart data files row for row against the compiled reference (templates/reference/union-accounting.md,
 * parsed at test time) and against the regulation texts in templates/reference/regulations/.
 */
import { describe, expect, it } from 'vitest';
import type { BalanceDirection } from '../../src/shared/constants.js';
import type { ChartTemplate, SubjectTemplate, SubjectType } from '../../src/shared/chart.js';
import { compiledReference, regulationText as regulation } from '../reference/read-reference.js';
import { chartForSystem, charts, findSubject, government2017, union2009, unionCounty2021, unionGrassroots2021 } from './index.js';

// ---------------------------------------------------------------------------------------------------------------
// Markdown tables of union-accounting.md

interface MdTable {
  /** The last heading line before the table. */
  heading: string;
  header: string[];
  rows: string[][];
}

function splitRow(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => cell.trim());
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
    const cells = splitRow(line);
    if (current === null) {
      current = { heading, header: cells, rows: [] };
      tables.push(current);
    } else if (!cells.every((cell) => /^:?-+:?$/.test(cell))) {
      current.rows.push(cells);
    }
  }
  return tables;
}

function tableUnder(tables: MdTable[], headingPrefix: string, header: readonly string[]): MdTable {
  const table = tables.find((t) => t.heading.startsWith(headingPrefix) && header.every((h, i) => t.header[i] === h));
  if (table === undefined) {
    throw new Error(`union-accounting.md: no table with header ${header.join(' | ')} under a heading "${headingPrefix}…"`);
  }
  return table;
}

function cell(row: string[], index: number): string {
  const value = row[index];
  if (value === undefined) throw new Error(`union-accounting.md: row "${row.join(' | ')}" has no column ${index}`);
  return value;
}

/** 借 → 1, 贷 → 2; for "借/贷" or "贷/借" the first-listed side. */
function direction(text: string): BalanceDirection {
  const side = /[借贷]/.exec(text)?.[0];
  if (side === undefined) throw new Error(`union-accounting.md: no direction in "${text}"`);
  return side === '借' ? 1 : 2;
}

const TYPE_BY_CATEGORY: Readonly<Record<string, SubjectType>> = {
  资产: 1,
  负债: 2,
  净资产: 3,
  收入: 4,
  支出: 5,
  '财务-资产': 1,
  '财务-负债': 2,
  '财务-净资产': 3,
  '财务-收入': 4,
  '财务-费用': 5,
  '预算-预算收入': 6,
  '预算-预算支出': 7,
  '预算-预算结余': 8,
};

function subjectType(category: string): SubjectType {
  const type = TYPE_BY_CATEGORY[category];
  if (type === undefined) throw new Error(`union-accounting.md: unknown 类别 "${category}"`);
  return type;
}

interface RefSubject {
  code: string;
  name: string;
  type: SubjectType;
  balanceDirection: BalanceDirection;
}

interface RefSubject2021 extends RefSubject {
  grassroots: boolean;
  county: boolean;
}

interface RefDetail {
  code: string;
  name: string;
  parentCode: string;
}

interface Reference {
  union2021: RefSubject2021[];
  details2021: RefDetail[];
  union2009: RefSubject[];
  details2009: RefDetail[];
  government: RefSubject[];
}

let referenceCache: Reference | undefined;

function reference(): Reference {
  if (referenceCache !== undefined) return referenceCache;
  const tables = parseTables(compiledReference());

  const t2 = tableUnder(tables, '2. New system', ['编号', '科目名称', '类别', '正常余额方向', '基层工会', '县级以上工会']);
  const union2021 = t2.rows.map((row) => ({
    code: cell(row, 0),
    name: cell(row, 1),
    type: subjectType(cell(row, 2)),
    balanceDirection: direction(cell(row, 3)),
    grassroots: cell(row, 4) === '✓',
    county: cell(row, 5) === '✓',
  }));

  // §2.1: the 一级 column is filled on the first row of each group only; rows without a 5-digit code are free details.
  const t21 = tableUnder(tables, '2.1', ['一级', '明细编号', '明细名称']);
  const details2021: RefDetail[] = [];
  let group = '';
  for (const row of t21.rows) {
    if (cell(row, 0) !== '') group = cell(row, 0);
    const code = cell(row, 1);
    if (!/^\d{5}$/.test(code)) continue;
    const parentCode = code.slice(0, 3);
    if (!group.includes(parentCode)) throw new Error(`union-accounting.md §2.1: ${code} listed under "${group}"`);
    details2021.push({ code, name: cell(row, 2), parentCode });
  }

  const t3 = tableUnder(tables, '3. Old system', ['编号', '科目名称', '类别', '方向', '明细科目 (coded in the 制度)']);
  const union2009: RefSubject[] = [];
  const details2009: RefDetail[] = [];
  for (const row of t3.rows) {
    const code = cell(row, 0);
    union2009.push({ code, name: cell(row, 1), type: subjectType(cell(row, 2)), balanceDirection: direction(cell(row, 3)) });
    for (const match of cell(row, 4).matchAll(/(\d{5}) ([^;]+)/g)) {
      details2009.push({ code: match[1] ?? '', name: (match[2] ?? '').trim(), parentCode: code });
    }
  }

  const t6 = tableUnder(tables, '6. 政府会计制度', ['编号', '科目名称', '类别', '正常余额方向']);
  const government = t6.rows.map((row) => ({
    code: cell(row, 0),
    name: cell(row, 1),
    type: subjectType(cell(row, 2)),
    balanceDirection: direction(cell(row, 3)),
  }));

  referenceCache = { union2021, details2021, union2009, details2009, government };
  return referenceCache;
}

// ---------------------------------------------------------------------------------------------------------------
// Helpers over the chart data

const firstLevel = (chart: ChartTemplate): SubjectTemplate[] => chart.subjects.filter((s) => s.level === 1);
const detailsOf = (chart: ChartTemplate): SubjectTemplate[] => chart.subjects.filter((s) => s.level === 2);
const asRefSubject = (s: SubjectTemplate | RefSubject): RefSubject => ({
  code: s.code,
  name: s.name,
  type: s.type,
  balanceDirection: s.balanceDirection,
});
const asRefDetail = (s: SubjectTemplate): RefDetail => ({ code: s.code, name: s.name, parentCode: s.parentCode ?? '' });
const byCode = <T extends { code: string }>(rows: readonly T[]): T[] => [...rows].sort((a, b) => a.code.localeCompare(b.code));

/** Regulation text with page markers and line breaks removed (names in the usage text may wrap across lines). */
function joinedText(text: string): string {
  return text.replace(/<<PAGE \d+>>\s*\n\s*\d+\s*\n/g, '').replace(/\s*\n\s*/g, '');
}

function between(text: string, start: string, end: string): string {
  const from = text.indexOf(start);
  if (from < 0) throw new Error(`regulation text: "${start}" not found`);
  const to = text.indexOf(end, from + start.length);
  if (to < 0) throw new Error(`regulation text: "${end}" not found after "${start}"`);
  return text.slice(from + start.length, to);
}

const ALL_CHARTS: readonly ChartTemplate[] = [unionGrassroots2021, unionCounty2021, union2009, government2017];

// ---------------------------------------------------------------------------------------------------------------

describe('reference tables (union-accounting.md)', () => {
  it('parse to the counts the reference states', () => {
    const ref = reference();
    expect(ref.union2021).toHaveLength(48);
    expect(ref.union2021.filter((s) => s.grassroots)).toHaveLength(24);
    expect(ref.union2021.filter((s) => s.county)).toHaveLength(45);
    expect(ref.details2021).toHaveLength(68); // "60 five-digit codes, plus 12101/12102 and 30101–30106" (§8)
    expect(ref.union2009).toHaveLength(42);
    expect(ref.government).toHaveLength(103);
    expect(ref.government.filter((s) => s.type <= 5)).toHaveLength(77);
    expect(ref.government.filter((s) => s.type >= 6)).toHaveLength(26);
  });
});

describe.each(ALL_CHARTS.map((chart) => [chart.id, chart] as const))('structure of %s', (_id, chart) => {
  it('has unique, digits-only codes of the declared lengths', () => {
    const codes = chart.subjects.map((s) => s.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const s of chart.subjects) {
      expect(s.code, s.code).toMatch(/^\d+$/);
      const length = s.level === 1 ? chart.codeLengths.first : chart.codeLengths.first + chart.codeLengths.child;
      expect(s.code.length, s.code).toBe(length);
    }
  });

  it('lists subjects in tree order (each parent followed by its details)', () => {
    const codes = chart.subjects.map((s) => s.code);
    expect(codes).toEqual([...codes].sort());
  });

  it('links every level-2 subject to an existing first-level parent with the same type and direction', () => {
    for (const s of chart.subjects) {
      if (s.level === 1) {
        expect(s.parentCode, s.code).toBeNull();
        continue;
      }
      const parent = s.parentCode === null ? undefined : findSubject(chart, s.parentCode);
      expect(parent, `parent of ${s.code}`).toBeDefined();
      expect(parent?.level, s.code).toBe(1);
      expect(s.code.startsWith(s.parentCode ?? '-'), s.code).toBe(true);
      expect(s.type, s.code).toBe(parent?.type);
      expect(s.balanceDirection, s.code).toBe(parent?.balanceDirection);
      expect(s.isBudget, s.code).toBe(parent?.isBudget);
    }
  });

  it('uses direction 1 (借) or 2 (贷), and marks exactly the 6xxx-8xxx subjects as budget subjects', () => {
    for (const s of chart.subjects) {
      expect([1, 2], s.code).toContain(s.balanceDirection);
      const budgetCode = chart.codeLengths.first === 4 && /^[678]/.test(s.code);
      expect(s.isBudget, s.code).toBe(budgetCode);
      expect(s.type >= 6, s.code).toBe(s.isBudget);
      expect(s.type >= 1 && s.type <= 8, s.code).toBe(true);
    }
  });
});

describe('union 2021 charts against union-accounting.md §2 and §2.1', () => {
  it.each([['grassroots', unionGrassroots2021, 24] as const, ['county', unionCounty2021, 45] as const])(
    '%s: first-level codes, names, types, directions and membership',
    (which, chart, count) => {
      const expected = reference()
        .union2021.filter((s) => (which === 'grassroots' ? s.grassroots : s.county))
        .map(asRefSubject);
      expect(firstLevel(chart)).toHaveLength(count);
      expect(byCode(firstLevel(chart).map(asRefSubject))).toEqual(byCode(expected));
    },
  );

  it.each([['grassroots', unionGrassroots2021] as const, ['county', unionCounty2021] as const])(
    '%s: coded details are exactly those of §2.1 under its first-level subjects',
    (_which, chart) => {
      const own = new Set(firstLevel(chart).map((s) => s.code));
      const expected = reference().details2021.filter((d) => own.has(d.parentCode));
      expect(byCode(detailsOf(chart).map(asRefDetail))).toEqual(byCode(expected));
    },
  );

  it('together use 48 distinct first-level codes and 68 distinct detail codes', () => {
    const first = new Set([...firstLevel(unionGrassroots2021), ...firstLevel(unionCounty2021)].map((s) => s.code));
    expect(first.size).toBe(48);
    const details = new Set([...detailsOf(unionGrassroots2021), ...detailsOf(unionCounty2021)].map((s) => s.code));
    expect(details.size).toBe(68);
    const county = new Set(firstLevel(unionCounty2021).map((s) => s.code));
    const grassrootsOnly = firstLevel(unionGrassroots2021)
      .map((s) => s.code)
      .filter((code) => !county.has(code));
    expect(grassrootsOnly).toEqual(['401', '405', '501']);
  });

  it('have no budget subjects and types 1-5 only', () => {
    for (const s of [...unionGrassroots2021.subjects, ...unionCounty2021.subjects]) {
      expect(s.isBudget, s.code).toBe(false);
      expect(s.type <= 5, s.code).toBe(true);
    }
  });
});

describe('union 2021 charts against the regulation text (财会〔2021〕7号)', () => {
  const FILE = 'union-2021-accounting-system.txt';
  const GRASSROOTS_HEADING = '基层工会主要会计科目名称和编号';
  const COUNTY_HEADING = '县级以上工会会计科目名称和编号';

  function listedSubjects(section: string): { first: { no: number; code: string; name: string }[]; details: string[] } {
    const first: { no: number; code: string; name: string }[] = [];
    const details: string[] = [];
    for (const raw of section.split('\n')) {
      const line = raw.trim();
      const m = /^(\d+) (\d{3}) (.+)$/.exec(line);
      if (m !== null) first.push({ no: Number(m[1]), code: m[2] ?? '', name: (m[3] ?? '').replace(/\s+/g, '') });
      const d = /^(\d{5}) (.+)$/.exec(line);
      if (d !== null) details.push(`${d[1]} ${(d[2] ?? '').replace(/\s+/g, '')}`);
    }
    return { first, details };
  }

  it('基层工会主要会计科目名称和编号 lists exactly the grassroots first-level subjects, in order', () => {
    const listed = listedSubjects(between(regulation(FILE), GRASSROOTS_HEADING, COUNTY_HEADING));
    expect(listed.first.map((s) => s.no)).toEqual(listed.first.map((_s, i) => i + 1));
    expect(listed.first.map((s) => `${s.code} ${s.name}`)).toEqual(
      firstLevel(unionGrassroots2021).map((s) => `${s.code} ${s.name}`),
    );
    expect(listed.details).toEqual([]);
  });

  it('县级以上工会会计科目名称和编号 lists exactly the county first-level subjects, in order, and 30101-30106', () => {
    const listed = listedSubjects(between(regulation(FILE), COUNTY_HEADING, '第三部分 会计科目使用说明'));
    expect(listed.first.map((s) => s.no)).toEqual(listed.first.map((_s, i) => i + 1));
    expect(listed.first.map((s) => `${s.code} ${s.name}`)).toEqual(firstLevel(unionCounty2021).map((s) => `${s.code} ${s.name}`));
    const detailsInCounty = detailsOf(unionCounty2021).map((s) => `${s.code} ${s.name}`);
    expect(listed.details).toHaveLength(6);
    for (const d of listed.details) expect(detailsInCounty).toContain(d);
  });

  it('names every coded detail of both charts with its code, as in the charts', () => {
    const text = joinedText(regulation(FILE));
    const details = new Map([...detailsOf(unionGrassroots2021), ...detailsOf(unionCounty2021)].map((s) => [s.code, s.name]));
    for (const [code, name] of details) {
      const named = new RegExp(`${code}\\s*${name}(?=[：:”、，。\\d]|$)`).test(text);
      expect(named, `"${code} ${name}" not found in ${FILE}`).toBe(true);
    }
    // and every 5-digit code the text defines is in one of the charts
    const defined = new Set([...text.matchAll(/(?<!\d)([1-5]\d{4})(?=\s*[\u4e00-\u9fff])/g)].map((m) => m[1] ?? ''));
    expect([...defined].sort()).toEqual([...details.keys()].sort());
  });
});

describe('union 2009 chart against union-accounting.md §3 and 财会〔2009〕7号', () => {
  it('matches §3 row for row: first-level subjects', () => {
    expect(firstLevel(union2009)).toHaveLength(42);
    expect(byCode(firstLevel(union2009).map(asRefSubject))).toEqual(byCode(reference().union2009.map(asRefSubject)));
  });

  it('matches §3 row for row: coded details', () => {
    expect(byCode(detailsOf(union2009).map(asRefDetail))).toEqual(byCode(reference().details2009));
  });

  it('has 302 在建工程占用资金 on the credit side (see the note in §3)', () => {
    expect(findSubject(union2009, '302')).toMatchObject({ name: '在建工程占用资金', balanceDirection: 2 });
  });

  it('matches the 第二部分 list of the regulation text', () => {
    const section = between(regulation('union-2009-accounting-system.md'), '## 第二部分 会计科目名称和编号', '## 第三部分');
    const listed: string[] = [];
    for (const line of section.split('\n')) {
      if (!line.startsWith('|')) continue;
      const cells = splitRow(line);
      const code = cells.find((c) => /^\d{3}$|^\d{5}$/.test(c));
      if (code === undefined) continue;
      const name = cells.slice(cells.indexOf(code) + 1).find((c) => c !== '') ?? '';
      listed.push(`${code} ${name.replace(/\s+/g, '')}`);
    }
    expect(listed).toEqual(union2009.subjects.map((s) => `${s.code} ${s.name}`));
  });
});

describe('government 2017 chart against union-accounting.md §6 and 财会〔2017〕25号', () => {
  it('has 103 subjects: 77 financial (1xxx-5xxx) and 26 budget (6xxx-8xxx)', () => {
    expect(government2017.subjects).toHaveLength(103);
    expect(government2017.subjects.filter((s) => !s.isBudget)).toHaveLength(77);
    expect(government2017.subjects.filter((s) => s.isBudget)).toHaveLength(26);
    expect(detailsOf(government2017)).toEqual([]);
    expect(government2017.codeLengths.first).toBe(4);
  });

  it('matches §6 row for row: codes, names, types and directions', () => {
    expect(byCode(government2017.subjects.map(asRefSubject))).toEqual(byCode(reference().government));
  });

  it('matches the 第二部分 list of the regulation text, financial then budget', () => {
    const text = regulation('government-2017-accounting-system.txt');
    // The list under 第二部分 starts at its column header; the table of contents before it has no list.
    const section = between(text, '序号 科目编号 科目名称', '第三部分');
    const parse = (part: string): string[] =>
      part
        .split('\n')
        .map((line) => /^\d+ (\d{4})\s+(.+?)\s*$/.exec(line.trim()))
        .filter((m): m is RegExpExecArray => m !== null)
        .map((m) => `${m[1]} ${m[2]}`);
    const financial = parse(between(section, '一、财务会计科目', '二、预算会计科目'));
    const budget = parse(section.slice(section.indexOf('二、预算会计科目')));
    const label = (s: SubjectTemplate): string => `${s.code} ${s.name}`;
    expect(financial).toEqual(government2017.subjects.filter((s) => !s.isBudget).map(label));
    expect(budget).toEqual(government2017.subjects.filter((s) => s.isBudget).map(label));
  });
});

describe('index', () => {
  it('keys every chart by its id', () => {
    for (const [id, chart] of Object.entries(charts)) expect(chart.id).toBe(id);
    expect(Object.keys(charts).sort()).toEqual(ALL_CHARTS.map((c) => c.id).sort());
  });

  it('maps accounting systems to the 2021 union charts and the government chart', () => {
    expect(chartForSystem('union-grassroots')).toBe(unionGrassroots2021);
    expect(chartForSystem('union-county')).toBe(unionCounty2021);
    expect(chartForSystem('government')).toBe(government2017);
  });

  it('finds subjects by exact code', () => {
    expect(findSubject(unionCounty2021, '50801')?.name).toBe('一般性转移支付补助');
    expect(findSubject(unionGrassroots2021, '506')).toBeUndefined();
    expect(findSubject(government2017, '8001')).toMatchObject({ name: '资金结存', type: 8, balanceDirection: 1, isBudget: true });
  });
});
