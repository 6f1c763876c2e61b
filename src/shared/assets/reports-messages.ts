/** Messages of the asset reports (issue 23 §4): the refusals and the low-value warning's reasons. */
export const ReportsMessages = {
  notInChart: (name: string) => `${name}（科目表中没有该科目）`,
  notAnalysable: (code: string) => `科目${code}不是本年度的收入或支出类科目`,
  belowThreshold: (categoryName: string, thresholdYuan: number) => `单价低于${categoryName}${thresholdYuan}元的固定资产确认标准`,
  fullyDepreciated: '已提足折旧仍在使用',
  fullyAmortised: '已摊销完毕仍在使用',
  inventoryZero: '库存为零',
  inventoryLow: (onHand: number) => `库存不足（结存${onHand}）`,
} as const;
