import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changeDiff } from './change-diff.js';

describe('a change field by field', () => {
  it('marks exactly the fields whose values differ, nested ones by path, and those on one side only', () => {
    const rows = changeDiff(
      JSON.stringify({ name: '旧', code: '001', flags: { enable: 1 }, gone: 'x' }),
      JSON.stringify({ name: '新', code: '001', flags: { enable: 0 }, added: true }),
    );
    expect(rows.filter((r) => r.changed).map((r) => r.field)).toEqual(['name', 'flags.enable', 'gone', 'added']);
    expect(rows.find((r) => r.field === 'code')).toEqual({ field: 'code', before: '"001"', after: '"001"', changed: false });
    expect(rows.find((r) => r.field === 'added')).toEqual({ field: 'added', before: '', after: 'true', changed: true });
  });

  it('finds nothing changed when a record is compared with itself', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const json = JSON.stringify(value);
        expect(changeDiff(json, json).every((r) => !r.changed)).toBe(true);
      }),
    );
  });

  it('shows a time kept in milliseconds as China time', () => {
    const [row] = changeDiff('{"password_changed_at":1767225600000}', '{"password_changed_at":1767229200000}');
    expect(row).toEqual({
      field: 'password_changed_at',
      before: '2026-01-01 08:00:00',
      after: '2026-01-01 09:00:00',
      changed: true,
    });
  });

  it('shows a record without its counterpart (a creation, a deletion) and text that is not JSON', () => {
    expect(changeDiff(null, '{"name":"新"}')).toEqual([{ field: 'name', before: '', after: '"新"', changed: true }]);
    expect(changeDiff('not json', null)).toEqual([{ field: '（值）', before: 'not json', after: '', changed: true }]);
  });
});
