/**
 * Schemas of the budget setup calls (issue 21 §1; base /budget): categories and details of project
 * budgets and expenditure classes (spec: saveType, getProjecTypeList, save; ours: the list, edit
 * and delete), JudgeBigProjects and the project indicators. Amounts travel as yuan.
 */
import { Type, type Static } from 'typebox';
import { Envelope, Id, Nullable, YuanIn, YuanOut } from './common.js';

const AuxiType = Type.Union(
  [Type.Literal('XMYS'), Type.Literal('XMZC'), Type.Literal('JBZC'), Type.Literal('RYJF'), Type.Literal('GYJF')],
  {
    description: 'XMYS 项目预算, XMZC 项目支出 (class 002); JBZC 基本支出 001, RYJF 人员经费 00101, GYJF 公用经费 00102',
    'x-message': '预算类型须为XMYS、XMZC、JBZC、RYJF或GYJF',
  },
);
const ClassCode = (description: string) =>
  Type.Optional(Nullable(Type.String({ maxLength: 8, description: `${description}: 001, 00101, 00102 or 002` })));
const OptionalYuan = (description: string) => Type.Optional(Type.Union([YuanIn(description), Type.Null()]));
const Text = (max: number, description: string) => Type.Optional(Nullable(Type.String({ maxLength: max, description })));

export const SaveBudgetTypeRequestSchema = Type.Object({
  typeId: Type.Optional(Nullable(Id('the category to rename; absent: add one'))),
  auxiType: AuxiType,
  typeName: Text(200, '类别名称'),
  expendBudgetClassification: ClassCode('支出分类 (required for JBZC / RYJF / GYJF)'),
});
export type SaveBudgetTypeRequest = Static<typeof SaveBudgetTypeRequestSchema>;

export const BudgetTypeSchema = Type.Object({
  typeId: Type.String(),
  typeName: Type.String(),
  auxiType: Type.String(),
  expendBudgetClassification: Nullable(Type.String()),
  typeNo: Type.String({ description: 'the auxiliary type of the category’s item (XMYS, XMZC, JFHS)' }),
  infoNo: Type.String({ description: 'the category’s item code' }),
});
export type BudgetType = Static<typeof BudgetTypeSchema>;

export const BudgetTypeListQuerySchema = Type.Object({
  auxiType: AuxiType,
  expendBudgetClassification: ClassCode('only the categories of this class'),
});

export const SaveBudgetDetailRequestSchema = Type.Object({
  id: Type.Optional(Nullable(Id('the detail to edit (budgetId); absent: add one'))),
  auxiType: AuxiType,
  typeId: Type.Optional(Nullable(Type.String({ maxLength: 200, description: '类别 (category id)' }))),
  projectName: Text(200, '名称'),
  projectAmount: OptionalYuan('调整后预算 (an expenditure detail: its amount)'),
  amountBeforeAdjustment: OptionalYuan('调整前预算 (a project detail)'),
  subjectCodeArray: Type.Optional(
    Nullable(
      Type.String({
        maxLength: 800,
        pattern: '^[\\d,\\s]*$',
        description: 'expense subjects (types 5, 7) joined by commas; needs zdrapproval; absent on an edit: kept',
        'x-message': '科目代码只能是数字，以逗号分隔',
      }),
    ),
  ),
  expendBudgetClassification: ClassCode('支出分类 of an expenditure detail'),
});
export type SaveBudgetDetailRequest = Static<typeof SaveBudgetDetailRequestSchema>;

const SubjectRef = Type.Object({ code: Type.String(), name: Type.String() });

export const BudgetDetailSchema = Type.Object({
  budgetId: Type.String(),
  typeId: Type.String(),
  auxiType: Type.String(),
  typeNo: Type.String(),
  infoNo: Type.String(),
  projectName: Type.String(),
  expendBudgetClassification: Nullable(Type.String()),
  amountBeforeAdjustment: YuanOut('调整前预算'),
  projectAmount: YuanOut('调整后预算'),
  subjectCodeArray: Type.String({ description: 'comma-joined; empty: every expense subject of the set’s side' }),
  subjects: Type.Array(SubjectRef),
  budgetExecutionStatus: Type.Integer({ description: '0 none, 2 warn, 3 forbid' }),
  indicatorCount: Type.Integer({ minimum: 0 }),
});
export type BudgetDetail = Static<typeof BudgetDetailSchema>;

export const BudgetCategoryNodeSchema = Type.Object({
  ...BudgetTypeSchema.properties,
  details: Type.Array(BudgetDetailSchema),
});
export type BudgetCategoryNode = Static<typeof BudgetCategoryNodeSchema>;

export const BudgetSetupListQuerySchema = Type.Object({
  scope: Type.Union([Type.Literal('project'), Type.Literal('expenditure')], {
    description: 'project: XMYS and XMZC (项目预算); expenditure: the four classes (支出分类设置)',
    'x-message': 'scope须为project或expenditure',
  }),
});

export const BudgetSetupListSchema = Type.Object({
  year: Type.Integer(),
  planState: Type.String({ description: 'draft, submitted, approved, returned' }),
  planEditable: Type.Boolean({ description: 'details and their amounts may change' }),
  categories: Type.Array(BudgetCategoryNodeSchema),
});
export type BudgetSetupList = Static<typeof BudgetSetupListSchema>;

export const SavedDetailSchema = Type.Object({
  budgetId: Type.String(),
  typeNo: Type.String(),
  infoNo: Type.String(),
  linkedSubjects: Type.Array(Type.String(), { description: 'last-level subjects that now carry the item’s type' }),
  unlinkedSubjects: Type.Array(Type.String(), {
    description: 'named subjects whose leaves could not take the type (openings or vouchers in the year)',
  }),
});
export type SavedDetail = Static<typeof SavedDetailSchema>;

export const DeleteBudgetRequestSchema = Type.Object({ id: Id('the category (typeId) or detail (budgetId)') });

export const JudgeBigProjectsRequestSchema = Type.Object({
  typeNo: Text(20, 'the item’s auxiliary type'),
  infoNo: Text(20, 'the item code'),
  subjectCode: Type.Optional(Nullable(Type.String({ pattern: '^\\d{0,40}$', 'x-message': '科目代码只能是数字' }))),
});
export const JudgeBigProjectsSchema = Type.Object({
  isBudgetProject: Type.Boolean({
    description:
      'with an item: a budget detail of the session year (counting subjectCode when given); with a subject only: the subject spends from budgets (a 5/7 subject carrying XMYS, XMZC or JFHS)',
  }),
  budgetId: Nullable(Type.String()),
  typeId: Nullable(Type.String()),
  projectName: Nullable(Type.String()),
  budgetExecutionStatus: Type.Integer({ description: '0 none, 2 warn, 3 forbid' }),
  hasIndicators: Type.Boolean(),
});
export type JudgeBigProjects = Static<typeof JudgeBigProjectsSchema>;

export const IndicatorQuerySchema = Type.Object({
  budgetId: Type.Optional(Nullable(Type.String({ maxLength: 200, description: 'the project; or its item:' }))),
  typeNo: Text(20, 'the project’s item type'),
  infoNo: Text(20, 'the project’s item code'),
});

/** An indicator (指标) of a project, as a tree node. */
export const IndicatorNodeSchema = Type.Cyclic(
  {
    BudgetIndicator: Type.Object({
      code: Type.String(),
      name: Type.String(),
      parentCode: Nullable(Type.String()),
      amount: YuanOut('a leaf: its amount; a parent: the sum of its children'),
      isLeaf: Type.Boolean({ description: 'only a last-level indicator may be chosen on a voucher line' }),
      children: Type.Array(Type.Ref('BudgetIndicator')),
    }),
  },
  'BudgetIndicator',
);
export type IndicatorNode = Static<typeof IndicatorNodeSchema>;

export const ProjectIndicatorsSchema = Type.Object({
  budgetId: Type.String(),
  projectName: Type.String(),
  indicators: Type.Array(IndicatorNodeSchema),
});
export type ProjectIndicators = Static<typeof ProjectIndicatorsSchema>;

export const SaveIndicatorsRequestSchema = Type.Object({
  budgetId: Id('the project (budgetId)'),
  indicators: Type.Array(
    Type.Object({
      code: Type.String({ maxLength: 60 }),
      name: Text(200, '指标名称'),
      parentCode: Type.Optional(Nullable(Type.String({ maxLength: 60 }))),
      amount: OptionalYuan('a leaf’s amount (a parent’s is the sum of its children)'),
    }),
    { maxItems: 2000, description: 'the whole tree, replacing the stored one' },
  ),
});
export type SaveIndicatorsRequest = Static<typeof SaveIndicatorsRequestSchema>;

export const BudgetSetupSchemas = {
  list: { querystring: BudgetSetupListQuerySchema, response: { 200: Envelope(BudgetSetupListSchema) } },
  typeList: { querystring: BudgetTypeListQuerySchema, response: { 200: Envelope(Type.Array(BudgetTypeSchema)) } },
  saveType: { body: SaveBudgetTypeRequestSchema, response: { 200: Envelope(BudgetTypeSchema) } },
  deleteType: { body: DeleteBudgetRequestSchema, response: { 200: Envelope(Type.Null()) } },
  save: { body: SaveBudgetDetailRequestSchema, response: { 200: Envelope(SavedDetailSchema) } },
  delete: { body: DeleteBudgetRequestSchema, response: { 200: Envelope(Type.Null()) } },
  judge: { body: JudgeBigProjectsRequestSchema, response: { 200: Envelope(JudgeBigProjectsSchema) } },
  indicators: { body: IndicatorQuerySchema, response: { 200: Envelope(ProjectIndicatorsSchema) } },
  saveIndicators: { body: SaveIndicatorsRequestSchema, response: { 200: Envelope(ProjectIndicatorsSchema) } },
} as const;
