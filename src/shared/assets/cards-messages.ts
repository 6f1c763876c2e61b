/** The messages of the asset settings, cards and initialisation (issue 23 §1), server and client alike. */
export const AssetCardMessages = {
  categoryNotFound: '资产类别不存在',
  categoryCodeTaken: '资产类别编码已存在',
  categoryParentClass: '上级类别须属于同一资产大类',
  categoryInUse: '该资产类别已被资产卡片使用，不能删除',
  categoryHasChildren: '该资产类别存在下级类别，不能删除',
  categoryNotLeaf: '请选择末级资产类别',
  cardNotFound: '资产卡片不存在',
  cardNoTaken: '资产编号已存在',
  cardNoRequired: '请输入资产编号',
  nameRequired: '请输入资产名称',
  categoryRequired: '请选择资产类别',
  originalValuePositive: '原值必须大于0',
  quantityPositive: '数量必须大于0',
  activationRequired: '请选择启用日期',
  lifeRequired: '请输入预计使用月数',
  accumulatedTooLarge: '累计折旧（摊销）不能大于原值',
  departmentNotFound: '使用部门不存在',
  reviewedNoEdit: '资产卡片已审核，不能修改，请先反审核',
  reviewedNoDelete: '资产卡片已审核，不能删除，请先反审核',
  voucherNoUnreview: '资产卡片已生成凭证，不能反审核',
  dependsLocked: '资产卡片已计提折旧或已生成凭证，不能修改资产大类、类别、原值、启用日期、使用月数和资产性质',
  changedMeanwhile: '资产卡片已被他人修改，请刷新后重试',
  belowThreshold: (limit: number) => `单价低于${limit}元，不符合固定资产确认标准，确定按固定资产入账吗？`,
  initDone: '资产已完成初始化，不能修改初始化卡片，请先取消初始化',
  initNotDone: '资产尚未初始化，请先完成资产初始化',
  initMismatch: '资产与总账期初余额不一致，不能完成初始化',
  initHasVouchers: '已存在资产凭证或折旧记录，不能取消初始化',
  activationAfterInit: (year: number) => `初始化卡片的启用日期须早于${year}年1月1日`,
  importTooLarge: '导入文件不能超过5MB',
  importNotXlsx: '请上传xlsx格式的Excel文件',
  importRowsRefused: (n: number) => `导入文件有${n}行数据不正确，未导入`,
  accrualDone: '期初资产已补提折旧',
  accrualDateTooEarly: '凭证日期须晚于2021年12月31日',
  accrualNothing: '没有需要补提折旧的期初资产',
} as const;

/** Spec reference §2.2: the unit price a fixed asset must reach (通用设备 ≥ 1000 元, 专用设备 ≥ 1500 元), fen. */
export const FIXED_ASSET_THRESHOLD_FEN = { general: 100_000, special: 150_000 } as const;
/** The root category codes the threshold names: 02 通用设备, 03 专用设备. */
export const THRESHOLD_ROOTS: Readonly<Record<string, number>> = { '02': 100_000, '03': 150_000 };
