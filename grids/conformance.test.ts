/**
 * Walks every grid definition: ids, names in formulas, kinds, groups, commands and shortcuts,
 * export mapping, and that the engine compiles its totals and derived cells.
 */
import { describe, expect, it } from 'vitest';
import { scanExpression } from '../formulas/compile.js';
import { createGridEngine } from '../formulas/engine.js';
import { isNumericKind } from '../formulas/layout.js';
import { GRID_COMMANDS } from '../src/shared/grid/commands.js';
import { FIELD_KINDS, type FieldDef, type GridRow } from '../src/shared/grid/definition.js';
import { kindOf } from '../src/shared/grid/kinds.js';
import { GRID_DEFINITIONS } from './index.js';

const duplicates = (values: readonly string[]) => values.filter((v, i) => values.indexOf(v) !== i);

function sampleValue(field: FieldDef): unknown {
  switch (field.kind) {
    case 'money':
    case 'integer':
      return 100;
    case 'date':
      return '2024-01-31';
    case 'direction':
      return 1;
    case 'check':
      return true;
    case 'select':
      return field.options?.[0]?.value ?? null;
    case 'subject':
      return '101';
    default:
      return 'x';
  }
}

it('grid ids are unique', () => {
  expect(duplicates(GRID_DEFINITIONS.map((d) => d.id))).toEqual([]);
});

it('every kind of the closed set has a parser and a formatter', () => {
  for (const kind of FIELD_KINDS) {
    expect(typeof kindOf(kind).parse).toBe('function');
    expect(typeof kindOf(kind).format).toBe('function');
  }
});

it('no shortcut is bound twice in the command catalogue', () => {
  expect(duplicates(GRID_COMMANDS.flatMap((c) => c.keys))).toEqual([]);
  expect(duplicates(GRID_COMMANDS.map((c) => c.id))).toEqual([]);
});

describe.each(GRID_DEFINITIONS.map((d) => [d.id, d] as const))('%s', (_id, def) => {
  const fieldIds = def.fields.map((f) => f.id);
  const numeric = new Set(def.fields.filter((f) => isNumericKind(f.kind)).map((f) => f.id));
  const totalIds = (def.totals ?? []).map((t) => t.id);

  it('has unique field ids, total ids that are not field ids, and a title', () => {
    expect(duplicates(fieldIds)).toEqual([]);
    expect(duplicates(totalIds)).toEqual([]);
    expect(totalIds.filter((id) => fieldIds.includes(id))).toEqual([]);
    expect(def.title).not.toBe('');
    for (const f of def.fields) expect(f.header, f.id).not.toBe('');
  });

  it('uses kinds of the closed set; select fields have options', () => {
    for (const f of def.fields) {
      expect(FIELD_KINDS, f.id).toContain(f.kind);
      if (f.kind === 'select') expect(f.options?.length ?? 0, f.id).toBeGreaterThan(0);
    }
  });

  it('references only existing column groups', () => {
    const groups = (def.groups ?? []).map((g) => g.id);
    expect(duplicates(groups)).toEqual([]);
    for (const f of def.fields) if (f.group !== undefined) expect(groups, f.id).toContain(f.group);
  });

  it('names existing fields in every total and derived formula', () => {
    for (const t of def.totals ?? []) {
      for (const token of scanExpression(t.expression)) {
        if (token.type === 'name') expect([...numeric, ...totalIds], `${t.id}: ${token.name}`).toContain(token.name);
        expect(token.type, `${t.id}: CHILDREN only in derived cells`).not.toBe('children');
      }
      if (t.showUnder !== undefined) expect(fieldIds, t.id).toContain(t.showUnder);
    }
    for (const d of def.derived ?? []) {
      expect(numeric.has(d.field), `derived ${d.field} is a numeric field`).toBe(true);
      const constants = Object.keys(def.rowConstants?.({ rowId: 'r1' }) ?? {});
      expect(
        constants.filter((c) => fieldIds.includes(c)),
        'row constants are not field ids',
      ).toEqual([]);
      for (const token of scanExpression(d.expression)) {
        if (token.type === 'name') expect([...numeric, ...constants], `${d.field}: ${token.name}`).toContain(token.name);
        if (token.type === 'children') {
          expect([...numeric], `${d.field}: CHILDREN(${token.field})`).toContain(token.field);
          if (token.signBy !== null) expect(fieldIds, `${d.field}: sign by ${token.signBy}`).toContain(token.signBy);
        }
      }
    }
    if (def.tree) expect(fieldIds).toContain(def.tree.key);
  });

  it('declares only commands of the catalogue, and its shortcuts are unique', () => {
    const catalogue = new Map(GRID_COMMANDS.map((c) => [c.id, c]));
    for (const id of def.commands) expect(catalogue.has(id), id).toBe(true);
    expect(duplicates([...def.commands])).toEqual([]);
    expect(duplicates(def.commands.flatMap((id) => catalogue.get(id)?.keys ?? []))).toEqual([]);
  });

  it('declares behaviours only for its own commands and fields, each with a catalogue key', () => {
    const catalogue = new Map(GRID_COMMANDS.map((c) => [c.id, c]));
    for (const b of def.behaviours ?? []) {
      expect(def.commands, b.command).toContain(b.command);
      expect(catalogue.get(b.command)?.keys.length ?? 0, b.command).toBeGreaterThan(0);
      for (const f of b.fields) expect(fieldIds, `${b.command}: ${f}`).toContain(f);
    }
  });

  it('has an export mapping Excel accepts', () => {
    expect(def.export.sheetName.length).toBeGreaterThan(0);
    expect(def.export.sheetName.length).toBeLessThanOrEqual(31);
    expect(def.export.sheetName).not.toMatch(/[[\]:*?/\\]/);
    expect(def.export.title).not.toBe('');
  });

  it('compiles to an engine whose totals are numbers', () => {
    const row: GridRow = { rowId: 'r1', ...Object.fromEntries(def.fields.map((f) => [f.id, sampleValue(f)])) };
    const engine = createGridEngine(def, [row, { ...row, rowId: 'r2' }]);
    for (const [id, value] of Object.entries(engine.totals())) expect(Number.isFinite(value), id).toBe(true);
    expect(Object.keys(engine.totals()).sort()).toEqual([...totalIds].sort());
    engine.destroy();
  });
});
