/** The voucher categories every ledger set starts with (spec: 记账凭证 the default, 10000 调账凭证). */
export const ADJUSTMENT_CERTIFICATE_TYPE = 10000;

export const DEFAULT_CERTIFICATE_TYPES: readonly { value: number; name: string; entry: string; sort: number }[] = [
  { value: 1, name: '记账凭证', entry: '记', sort: 1 },
  { value: 2, name: '收款凭证', entry: '收', sort: 2 },
  { value: 3, name: '付款凭证', entry: '付', sort: 3 },
  { value: 4, name: '转账凭证', entry: '转', sort: 4 },
  { value: ADJUSTMENT_CERTIFICATE_TYPE, name: '调账凭证', entry: '调', sort: 5 },
];
