/**
 * A generated voucher of `lines` lines for the benchmark: alternating debit and credit lines on
 * last-level subjects of a generated chart, every line with summary, subject and amount, the
 * voucher balanced; and the lookups the page's cells read (subject names and balances).
 */
import type { SubjectItem } from '../../src/shared/api/subjects.js';
import { sampleSubject } from '../../src/shared/subjects/subject-item-sample.js';
import type { VoucherLineRow } from '../../grids/voucher.js';

export function benchSubjects(count: number): SubjectItem[] {
  return Array.from({ length: count }, (_, i) =>
    sampleSubject(String(50101 + i), {
      codeName: `支出科目${i + 1}`,
      codeAndFullName: `${50101 + i} 业务支出-支出科目${i + 1}`,
      type: 5,
      level: 2,
      parentCode: '505',
      isStandard: false,
      pinyin: `zckm${i + 1}`,
    }),
  );
}

export function benchVoucherRows(lines: number, subjects: readonly SubjectItem[]): VoucherLineRow[] {
  return Array.from({ length: lines }, (_, i) => {
    const amount = 10_000 + (Math.floor(i / 2) % 97) * 1_234;
    return {
      rowId: `line-${i}`,
      originalId: `line-${i}`,
      parentId: null,
      summary: `支付第${Math.floor(i / 2) + 1}笔业务费用`,
      subjectCode: subjects[i % subjects.length]?.code ?? null,
      auxis: null,
      debitAmount: i % 2 === 0 ? amount : null,
      creditAmount: i % 2 === 1 ? amount : null,
    };
  });
}
