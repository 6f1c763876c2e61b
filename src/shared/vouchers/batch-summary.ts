/**
 * What a batch state change says when it is done: how many vouchers it changed and, for each one
 * it left alone, the voucher as the list shows it and why (审核 12 张，跳过 3 张：记-0005 已审核；…).
 * The server writes the sentence into the answer's message, so every client shows the same words.
 */

export type BatchVerbAction = 'review' | 'unreview' | 'book' | 'unbook' | 'sign' | 'unsign' | 'delete';

/** The action as the summary names it (the list's buttons and the audit trail use the same words). */
export const BATCH_VERBS: Record<BatchVerbAction, string> = {
  review: '审核',
  unreview: '取消审核',
  book: '记账',
  unbook: '取消记账',
  sign: '出纳签字',
  unsign: '取消签字',
  delete: '删除',
};

/** Why a voucher already in the state asked for was left alone. */
export const ALREADY_DONE: Record<BatchVerbAction, string> = {
  review: '已审核',
  unreview: '未审核',
  book: '已记账',
  unbook: '未记账',
  sign: '已签字',
  unsign: '未签字',
  delete: '',
};

/** How many skipped vouchers the sentence names before it says how many more. */
export const SKIPS_NAMED = 10;

export interface SkipNaming {
  month: number;
  entry: string;
  pzNo: number;
  reason: string;
}

/** The voucher's number as the list shows it (记-0005); with its month when the batch spans months. */
export function voucherLabel(v: Pick<SkipNaming, 'month' | 'entry' | 'pzNo'>, withMonth: boolean): string {
  const no = `${v.entry}-${String(v.pzNo).padStart(4, '0')}`;
  return withMonth ? `${v.month}月${no}` : no;
}

/** 审核 12 张 / 审核 12 张，跳过 3 张：记-0005 已审核；记-0007 审核人与制单人不能为同一人 (first ten, then 等 N 张). */
export function batchSummary(
  action: BatchVerbAction,
  count: number,
  skipped: readonly { label: string; reason: string }[],
): string {
  const done = `${BATCH_VERBS[action]} ${count} 张`;
  if (skipped.length === 0) return done;
  const named = skipped.slice(0, SKIPS_NAMED).map((s) => `${s.label} ${s.reason}`);
  const more = skipped.length > SKIPS_NAMED ? `，等 ${skipped.length} 张` : '';
  return `${done}，跳过 ${skipped.length} 张：${named.join('；')}${more}`;
}
