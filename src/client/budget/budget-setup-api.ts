/** The budget setup calls of 项目预算 and 支出分类设置 (shapes in shared/api/schemas/budget-setup.ts). */
import { Paths } from '../../shared/api/paths.js';
import type {
  BudgetSetupList,
  BudgetType,
  ProjectIndicators,
  SaveBudgetDetailRequest,
  SaveBudgetTypeRequest,
  SaveIndicatorsRequest,
  SavedDetail,
} from '../../shared/api/schemas/budget-setup.js';
import { api, requestEnvelope } from '../shell/request.js';

export type SetupScope = 'project' | 'expenditure';

export function fetchSetupList(scope: SetupScope): Promise<BudgetSetupList> {
  return api.get<BudgetSetupList>(Paths.budgetSetupList, { scope });
}

export function saveCategory(body: SaveBudgetTypeRequest): Promise<BudgetType> {
  return api.post<BudgetType>(Paths.budgetSaveType, body);
}

export function deleteCategory(id: string): Promise<null> {
  return api.post<null>(Paths.budgetDeleteType, { id });
}

/** The saved detail and the server's message (it names subjects that could not take the project's type). */
export async function saveDetail(body: SaveBudgetDetailRequest): Promise<{ data: SavedDetail; message: string }> {
  const envelope = await requestEnvelope<SavedDetail>('POST', Paths.budgetSaveDetail, body);
  return { data: envelope.data, message: envelope.message };
}

export function deleteDetail(id: string): Promise<null> {
  return api.post<null>(Paths.budgetDeleteDetail, { id });
}

export function fetchIndicators(budgetId: string): Promise<ProjectIndicators> {
  return api.post<ProjectIndicators>(Paths.budgetProjectIndicators, { budgetId });
}

export function saveIndicators(body: SaveIndicatorsRequest): Promise<ProjectIndicators> {
  return api.post<ProjectIndicators>(Paths.budgetSaveIndicators, body);
}
