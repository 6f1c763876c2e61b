/**
 * Helpers of the year-carry API tests: chart edits, vouchers, the carry calls and what the books
 * answer afterwards (openings per subject and auxiliary item, the trial balance by first-level
 * subject, the balance sheet), all through the API as a user does it.
 */
import { expect } from 'vitest';
import type { MonthlyResponse } from '../../shared/api/close.js';
import type { TrialBalanceResponse } from '../../shared/api/books.js';
import type { ReportResponse } from '../../shared/api/reports.js';
import type { SubjectSettingResponse } from '../../shared/api/subjects.js';
import type { BatchResponse, VoucherLineInput } from '../../shared/api/vouchers.js';
import { Paths } from '../../shared/api/paths.js';
import { fenOf } from '../../shared/subjects/opening-amounts.js';
import { answerFen, trialBalanceAmounts } from '../../shared/books/answer-amounts.js';
import { ApiClient, type Answer } from '../test-support/api-client.js';
import { createSet } from '../test-support/ledger-fixtures.js';
import type { TestServer } from '../test-support/test-server.js';
import { afterBatch, refOf, save } from '../vouchers/voucher-test-kit.js';

export interface Book {
  client: ApiClient;
  /** Another user of the set, who reviews and books (a voucher's maker may not review it). */
  reviewer: ApiClient;
  setId: number;
}

/** A new grassroots set, open for 李会计 (who keys) and 王审核 (who reviews and books) in their sessions. */
export async function openBook(server: TestServer, name: string, code: string): Promise<Book> {
  const setId = await createSet(server.db, { name, code, system: 'union-grassroots', users: ['kuaiji', 'shenhe'] });
  const client = new ApiClient(server.url);
  await client.openSet(server.db, 'kuaiji', 'Kuaiji@123', name);
  const reviewer = new ApiClient(server.url);
  await reviewer.openSet(server.db, 'shenhe', 'Shenhe@123', name);
  return { client, reviewer, setId };
}

/** Both users work on the set's `year`. */
export async function useYear(book: Book, year: number): Promise<void> {
  for (const client of [book.client, book.reviewer]) {
    const answer = await client.post(Paths.setUserZtLevel, { ztId: book.setId, year });
    expect(answer.body.errorMsg).toBeNull();
  }
}

/** Adds a detail under `parent` in the session's year; answers the envelope (the caller decides what a refusal means). */
export function addDetail(book: Book, parent: string, code: string, auxiTypeList?: string[]): Promise<Answer> {
  return book.client.post(Paths.subjectList, {
    code,
    codeName: `明细${code}`,
    parentCode: parent,
    ...(auxiTypeList ? { auxiTypeList } : {}),
  });
}

export function setTypes(book: Book, code: string, typeNoArray: string[]): Promise<Answer> {
  return book.client.post(Paths.saveAuxiRealedSub, { code, typeNoArray });
}

export function setEnable(book: Book, code: string, enable: boolean): Promise<Answer> {
  return book.client.post(Paths.subjectEnable, { code, enable });
}

export function deleteSubject(book: Book, code: string): Promise<Answer> {
  return book.client.delete(Paths.subjectList, { code });
}

/** A line of yuan amounts on `code`, with auxiliary items as `TYPE:info` pairs. */
export function auxLine(
  code: string,
  debit: number | string | null,
  credit: number | string | null,
  items: string[] = [],
): VoucherLineInput {
  return {
    summary: '结转测试',
    subjectCode: code,
    debitAmount: debit,
    creditAmount: credit,
    auxis: items.map((pair) => {
      const [typeNo = '', infoNo = ''] = pair.split(':');
      return { typeNo, infoNo };
    }),
  };
}

/** Saves, reviews and books a voucher of the session's year in the month. */
export async function bookedVoucher(book: Book, year: number, month: number, lines: VoucherLineInput[]): Promise<void> {
  const mm = String(month).padStart(2, '0');
  const saved = await save(book.client, {
    year,
    month,
    pzDate: `${year}-${mm}-10`,
    certificateType: 1,
    numberOfDocument: 1,
    certiDetails: lines,
  });
  expect(saved.body.errorMsg).toBeNull();
  const refs = [refOf(saved.body.data)];
  const reviewed = await book.reviewer.post<BatchResponse>(Paths.certificateReview, {
    year,
    details: JSON.stringify(refs),
    isReview: true,
  });
  expect(reviewed.body.errorMsg).toBeNull();
  const details = JSON.stringify(afterBatch(refs, reviewed));
  expect((await book.reviewer.post(Paths.certificateBook, { year, details, isBook: true })).body.errorMsg).toBeNull();
}

export function closeMonth(book: Book, year: number, month: number, extra: Record<string, unknown> = {}) {
  return book.client.post<MonthlyResponse>(Paths.monthly, { year, month, rotateBackup: true, ...extra });
}

/** Openings of the session's year: `code` for a subject without items, `code#key` per auxiliary row (fen, own direction; answered in yuan). */
export async function openingsOf(book: Book): Promise<Map<string, number>> {
  const answer = await book.client.get<SubjectSettingResponse>(Paths.subjectSetting);
  expect(answer.body.errorMsg).toBeNull();
  const out = new Map<string, number>();
  for (const row of answer.body.data.subInfoList) {
    if (row.isAuxiliary) out.set(`${row.code}#${row.auxiKey ?? ''}`, fenOf(row.initAmount));
    else if (row.lastLevel && !row.incloudAuxi) out.set(row.code, fenOf(row.initAmount));
  }
  return out;
}

/**
 * The session year's trial balance from `beginMonth` (January) to `month`: every row, and whether
 * it balances; answered in yuan, read back in fen as the client does.
 */
export async function trialOf(book: Book, year: number, month: number, beginMonth = 1): Promise<TrialBalanceResponse> {
  const mm = (m: number) => String(m).padStart(2, '0');
  const answer = await book.client.get<TrialBalanceResponse>(Paths.trialBalance, {
    beginTime: `${year}-${mm(beginMonth)}`,
    endTime: `${year}-${mm(month)}`,
    amountIsZero: true,
  });
  expect(answer.status).toBe(200);
  expect(answer.body.errorMsg).toBeNull();
  return trialBalanceAmounts(answer.body.data, answerFen);
}

const signed = (amount: number, side: number) => (side === 2 ? -amount : amount);

/** First-level subjects' balances, debit minus credit: `opening` at the range's start, `closing` at its end. */
export function firstLevelBalances(trial: TrialBalanceResponse, which: 'opening' | 'closing'): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of trial.rows) {
    if (r.parentCode !== null) continue;
    const value = which === 'opening' ? signed(r.initialBalance, r.initialDirection) : signed(r.endBalance, r.endDirection);
    if (value !== 0) out.set(r.code, value);
  }
  return out;
}

/** The balance sheet of the session's year for January to `month`, with unclosed revenue and expense carried. */
export async function balanceSheetOf(book: Book, year: number, month: number): Promise<Answer<ReportResponse>> {
  const mm = String(month).padStart(2, '0');
  return book.client.get<ReportResponse>(Paths.balanceSheet, {
    beginYearMonth: `${year}-01`,
    endYearMonth: `${year}-${mm}`,
    carryOver: true,
  });
}
