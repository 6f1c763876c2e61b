/** The documents lane's messages (资产处置、库存物品出库、资产变动): the spec's where it has them (§5), else ours. */
export const AssetDocumentMessages = {
  documentMissing: '单据不存在或不属于当前账套',
  cardMissing: '卡片不存在或不属于当前账套',
  noCards: '请选择要处置的资产',
  cardNotReviewed: (cardNo: string) => `卡片${cardNo}未审核，不能处置`,
  cardWrongClass: (cardNo: string) => `卡片${cardNo}不属于该资产类别`,
  cardLeft: (cardNo: string) => `卡片${cardNo}已处置`,
  cardNotActive: (cardNo: string) => `卡片${cardNo}的启用日期晚于单据日期`,
  cardProvided: (cardNo: string, year: number, month: number) =>
    `卡片${cardNo}在${year}年${month}月已计提折旧（摊销），请先撤销该月计提，或在下月处置`,
  quantityOver: (cardNo: string, onHand: number) => `卡片${cardNo}的出库数量不能超过库存数量${onHand}`,
  quantityMissing: '出库数量须为正整数',
  disposeTypeMissing: '请选择处置方式',
  wrongYear: (year: number) => `单据日期须在当前会计年度${year}年内`,
  hasVoucher: (documentNo: string) => `单据${documentNo}已生成凭证，不能修改或删除`,
  generated: (documentNo: string) => `单据${documentNo}已生成凭证`,
  changedMeanwhile: '单据已被他人修改，请刷新后重试',
  notInitialised: '资产尚未初始化，请先完成资产初始化',
  // The asset-change voucher form (spec §5).
  certificateTypeMissing: '请选择凭证分类',
  makerMissing: '请选择制单人',
  dateMissing: '请选择凭证日期',
  subjectMissing: '有金额的科目不能为空',
  dateTooEarly: '凭证日期不能早于或等于2021-12-31',
  changeZero: '变动金额不能为0',
  changeBelowDepreciation: (cardNo: string) => `卡片${cardNo}变动后的原值不能小于已计提折旧（摊销）`,
  changeNothing: '没有未生成凭证的资产变动',
  unbalanced: '借贷金额不平',
  entriesMissing: '分录不能为空',
} as const;

/** Summaries of the default entries. */
export const AssetDocumentSummaries = {
  disposal: (documentNo: string, name: string) => `处置${name}（${documentNo}）`,
  issue: (documentNo: string, name: string) => `库存物品出库${name}（${documentNo}）`,
  proceeds: (documentNo: string) => `处置净收入（${documentNo}）`,
  loss: (documentNo: string) => `处置净支出（${documentNo}）`,
  change: (cardNo: string, name: string) => `资产变动${name}（${cardNo}）`,
  batch: (count: number) => `资产单据${count}张`,
} as const;
