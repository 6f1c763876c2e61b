/** The attachment calls (base /files) as the panel uses them. */
import type { AttachFilesRequest, FileRelation, VoucherFilesResponse } from '../../shared/api/files.js';
import { Paths } from '../../shared/api/paths.js';
import { api, requestBlob, requestEnvelope } from '../shell/request.js';
import { downloadBlob } from '../grid/export-xlsx.js';

/** Uploads the files (attached to the voucher when it has an id); the server answers the stored list. */
export async function uploadFiles(files: readonly File[], voucherId: string | null): Promise<FileRelation[]> {
  const form = new FormData();
  if (voucherId) form.append('voucherId', voucherId);
  for (const file of files) form.append('file', file, file.name);
  return (await requestEnvelope<FileRelation[]>('POST', Paths.fileRelation, form)).data;
}

export function listVoucherFiles(voucherId: string): Promise<FileRelation[]> {
  return api.get<FileRelation[]>(Paths.fileRelation, { voucherId });
}

export function listFilesById(fileIds: readonly string[]): Promise<FileRelation[]> {
  return fileIds.length === 0 ? Promise.resolve([]) : api.get<FileRelation[]>(Paths.fileRelation, { fileIds: fileIds.join(',') });
}

export function deleteFile(fileId: string): Promise<VoucherFilesResponse> {
  return api.delete<VoucherFilesResponse>(Paths.fileRelation, { fileId });
}

/** After a new voucher is saved: attach the files uploaded while it was being typed. */
export function attachFiles(request: AttachFilesRequest): Promise<VoucherFilesResponse> {
  return api.post<VoucherFilesResponse>(Paths.fileAttach, request);
}

export async function fetchFile(fileId: string): Promise<Blob> {
  return (await requestBlob('GET', Paths.fileDownload, { fileId })).blob;
}

export async function downloadFile(file: Pick<FileRelation, 'fileId' | 'name'>): Promise<void> {
  downloadBlob(await fetchFile(file.fileId), file.name);
}
