/** The carry-forward calls of the template page (shapes in src/shared/api/templates.ts). */
import { Paths } from '../../shared/api/paths.js';
import type { Paged } from '../../shared/envelope.js';
import type {
  CarryForwardTemplate,
  GenerateCarryForwardResponse,
  SaveCarryForwardRequest,
  TemplateSortRequest,
} from '../../shared/api/templates.js';
import { api, requestEnvelope } from '../shell/request.js';

export async function listCarryTemplates(isMonth: boolean): Promise<CarryForwardTemplate[]> {
  const page = await api.get<Paged<CarryForwardTemplate>>(Paths.template, { template: 4, isMonth, pageSize: 100 });
  return page.currentPageItems;
}

/** Saves; resolves with the template and the server's message (a changed built-in is saved as a copy). 4003 is the caller's. */
export async function saveCarryTemplate(
  body: SaveCarryForwardRequest,
): Promise<{ template: CarryForwardTemplate; message: string }> {
  const envelope = await requestEnvelope<CarryForwardTemplate>('POST', Paths.template, body, { silent: true });
  return { template: envelope.data, message: envelope.message };
}

export async function deleteCarryTemplate(id: string): Promise<void> {
  await api.delete(Paths.template, { id });
}

export async function saveCarryOrder(body: TemplateSortRequest): Promise<void> {
  await api.post(Paths.updateTemplateSort, body);
}

/** The month's (month given) or the year's carry-forward voucher; resolves with it and the server's message. */
export async function generateCarryForward(
  year: number,
  month: number | null,
): Promise<{ result: GenerateCarryForwardResponse; message: string }> {
  const envelope =
    month === null
      ? await requestEnvelope<GenerateCarryForwardResponse>('GET', Paths.generateYearEndVoucher, { year })
      : await requestEnvelope<GenerateCarryForwardResponse>('GET', Paths.generateVoucherEndPeriod, { year, month });
  return { result: envelope.data, message: envelope.message };
}
