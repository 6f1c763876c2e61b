/** The long-term deferred expenses' messages (长期待摊费用, 181) and the close checks' asset rows. */
export const LongMessages = {
  missing: '长期待摊费用不存在或不属于当前账套',
  changedMeanwhile: '该长期待摊费用已被他人修改，请刷新后重试',
  reviewedLocked: '已审核的长期待摊费用不能修改或删除，请先反审核',
  amortisedLocked: '已摊销的长期待摊费用不能修改或删除',
  voucherLocked: '已生成凭证的长期待摊费用不能反审核，请先删除凭证',
  notReviewed: (matter: string) => `${matter}未审核，不能生成凭证`,
  alreadyGenerated: (matter: string) => `${matter}已生成凭证`,
  initNoVoucher: (matter: string) => `${matter}为初始化录入的期初数据，无需生成新增凭证`,
  amortisedTooMuch: '已摊销金额不能大于支出金额',
  payOutYear: (year: number) => `支出日期须在${year}年内（期初数据可早于本年）`,
  nothingChosen: '请选择长期待摊费用',
  nothingDue: (stage: string) => `${stage}没有需要摊销的长期待摊费用`,
  monthDone: (stage: string) => `${stage}已计提摊销并生成凭证，不能重复计提`,
  dateOutsideMonth: (stage: string) => `凭证日期须在计提月份（${stage}）内`,
  unbalanced: '借贷金额不平',
  totalsDiffer: '借方合计、贷方合计须等于本次计提金额',
  noSubject: (code: string) => `科目${code}不存在或不是末级科目，请在科目设置中核实`,
  yearOutside: (year: number) => `计提期间须在当前会计年度（${year}年）内`,
  summaryAddition: (matter: string) => `长期待摊费用新增：${matter}`,
  summaryAmortion: (stage: string) => `摊销${stage}长期待摊费用`,
} as const;

export const AssetCheckMessages = {
  notApplicable: (what: string) => `${what}模块未使用，无需检查`,
  passed: (what: string) => `${what}检查通过`,
  cardsWithoutVoucher: (n: number) => `${n}张资产卡片新增未生成凭证`,
  provisionNotDone: (what: string, month: number) => `${month}月${what}未计提`,
  provisionWithoutVoucher: (what: string, month: number) => `${month}月${what}未生成凭证`,
  documentsWithoutVoucher: (n: number) => `${n}张处置（出库）单据未生成凭证`,
  balanceDiffers: (what: string, cards: string, ledger: string) => `${what}卡片合计${cards}元与账面余额${ledger}元不符`,
  itemsWithoutVoucher: (n: number) => `${n}项长期待摊费用新增未生成凭证`,
} as const;
