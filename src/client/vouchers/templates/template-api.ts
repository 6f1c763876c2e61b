/** The voucher-template calls of the editor's dialogs (src/shared/api/templates.ts). */
import { Paths } from '../../../shared/api/paths.js';
import type { SaveTemplateRequest, VoucherTemplate } from '../../../shared/api/templates.js';
import { api, requestEnvelope } from '../../shell/request.js';

export function selectTemplates(template?: number): Promise<VoucherTemplate[]> {
  return api.get<VoucherTemplate[]>(Paths.templateSelect, template === undefined ? {} : { template });
}

/** Saves; resolves with the stored template and the server's message (a changed built-in is saved as a copy). */
export async function saveTemplate(request: SaveTemplateRequest): Promise<{ template: VoucherTemplate; message: string }> {
  const envelope = await requestEnvelope<VoucherTemplate>('POST', Paths.template, request, { silent: true });
  return { template: envelope.data, message: envelope.message };
}

export async function deleteTemplate(id: string): Promise<void> {
  await api.delete(Paths.template, { id });
}
