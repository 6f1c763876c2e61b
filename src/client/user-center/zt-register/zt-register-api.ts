/** The calls of 账套注册: the template, the import (or its refusal's bad rows), the export, the ledger-set templates. */
import { Paths } from '../../../shared/api/paths.js';
import type { ImportIssue, ImportResult, ZtTemplate } from '../../../shared/api/schemas/zt-register.js';
import type { Paged } from '../../../shared/envelope.js';
import { ErrorCode } from '../../../shared/error-codes.js';
import { downloadBlob } from '../../grid/export-xlsx.js';
import { api, ApiError, performAction, requestBlob, requestEnvelope } from '../../shell/request.js';

export type ImportOutcome =
  | { kind: 'done'; message: string; result: ImportResult }
  | { kind: 'refused'; message: string; issues: ImportIssue[] }
  | { kind: 'failed' };

export async function downloadTemplate(): Promise<void> {
  const { blob } = await requestBlob('GET', Paths.ztDownLoadTemplate);
  downloadBlob(blob, '账套注册模板.xlsx');
}

/** Uploads the workbook; a refusal listing bad rows (4003, or 4005 out of scope) is answered, not shown as a box. */
export async function importWorkbook(file: File, rewrite: boolean): Promise<ImportOutcome> {
  const form = new FormData();
  form.append('file', file, file.name);
  try {
    const answer = await requestEnvelope<ImportResult>('POST', rewrite ? Paths.ztImportRewrite : Paths.ztImport, form, {
      silent: true,
    });
    return { kind: 'done', message: answer.message, result: answer.data };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const envelope = error.envelope;
    const listed = envelope?.errorCode === ErrorCode.ValidationFailed || envelope?.errorCode === ErrorCode.Forbidden;
    if (listed && Array.isArray(envelope.data) && envelope.data.length > 0) {
      return { kind: 'refused', message: envelope.errorMsg ?? envelope.message, issues: envelope.data as ImportIssue[] };
    }
    performAction(error.action);
    return { kind: 'failed' };
  }
}

export async function exportSets(): Promise<void> {
  const { blob } = await requestBlob('POST', Paths.ztExport, {});
  downloadBlob(blob, '账套列表.xlsx');
}

export const listTemplates = (pageIndex: number, pageSize: number, name: string) =>
  api.get<Paged<ZtTemplate>>(Paths.ztTempPageList, { pageIndex, pageSize, ...(name ? { name } : {}) });

export const saveTemplate = (body: { name: string; memo: string; ztId: number }) =>
  api.post<{ id: number }>(Paths.ztTempSave, body);

export const deleteTemplate = (id: number) => api.delete<null>(Paths.ztTempDelete, { id });
