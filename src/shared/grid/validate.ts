/**
 * Validation of grid rows, shared by the editor (as the user types) and the server (before it
 * writes, answering 4003 with the list). What must stay true: these functions are the only
 * checks, pure, and they return issues naming the row and field instead of throwing, so both
 * sides mark exactly the same cells with exactly the same messages.
 *
 * Order per cell: required, then the kind's check of the value, then the field's own rule.
 */
import type { ValidationIssue } from '../envelope.js';
import type { FieldDef, GridDefinition, GridRow, RowRule } from './definition.js';
import { isEmptyValue, kindOf } from './kinds.js';

export type { ValidationIssue };

export function ruleHolds<R>(rule: RowRule<R> | undefined, row: R, fallback: boolean): boolean {
  if (rule === undefined) return fallback;
  return typeof rule === 'boolean' ? rule : rule(row);
}

export function isRequired<R extends GridRow>(field: FieldDef<R>, row: R): boolean {
  return ruleHolds(field.required, row, false);
}

/** Editable by its rule (default true). Derived cells are read-only too: see formulas/tree-index. */
export function isEditable<R extends GridRow>(field: FieldDef<R>, row: R): boolean {
  return ruleHolds(field.editable, row, true);
}

export function requiredMessage(header: string): string {
  return `${header}不能为空`;
}

/** The first problem of one cell's value, or null. */
export function validateCell<R extends GridRow>(
  _def: GridDefinition<R>,
  field: FieldDef<R>,
  value: unknown,
  row: R,
): string | null {
  if (isEmptyValue(value)) return isRequired(field, row) ? requiredMessage(field.header) : null;
  const kindMessage = kindOf(field.kind).check(value, field);
  if (kindMessage !== null) return kindMessage;
  return field.validate ? field.validate(value, row) : null;
}

function withRow(issues: readonly ValidationIssue[], rowId: string): ValidationIssue[] {
  return issues.map((issue) => (issue.rowId === undefined ? { ...issue, rowId } : issue));
}

/** Every cell of the row, then the definition's row validators. */
export function validateRow<R extends GridRow>(def: GridDefinition<R>, row: R): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const field of def.fields) {
    const message = validateCell(def, field, row[field.id], row);
    if (message !== null) issues.push({ message, rowId: row.rowId, fieldId: field.id });
  }
  for (const validator of def.rowValidators ?? []) issues.push(...withRow(validator(row), row.rowId));
  return issues;
}

/** All rows, then the definition's grid validators (totals, uniqueness, trial checks). */
export function validateGrid<R extends GridRow>(def: GridDefinition<R>, rows: readonly R[]): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    if (seen.has(row.rowId)) issues.push({ message: `行标识重复: ${row.rowId}`, rowId: row.rowId });
    seen.add(row.rowId);
    issues.push(...validateRow(def, row));
  }
  for (const validator of def.gridValidators ?? []) issues.push(...validator(rows));
  return issues;
}

/** The definition's non-blocking grid checks (shown, or confirmed on the server, never refused). */
export function gridWarnings<R extends GridRow>(def: GridDefinition<R>, rows: readonly R[]): ValidationIssue[] {
  return (def.warnings ?? []).flatMap((check) => check(rows));
}
