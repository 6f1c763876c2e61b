/** The calls of 操作日志 and 访问记录 (src/shared/api/schemas/logs.ts). */
import { Paths } from '../../../shared/api/paths.js';
import type {
  AccessAddressItem,
  AccessDetailItem,
  AccessExportQuery,
  AccessQuery,
  OptLogExportQuery,
  OptLogItem,
  OptLogQuery,
} from '../../../shared/api/schemas/logs.js';
import type { Paged } from '../../../shared/envelope.js';
import { fileNameOf } from '../../accounting/opening-api.js';
import { downloadBlob } from '../../grid/export-xlsx.js';
import { api, requestBlob } from '../../shell/request.js';

/** Only the filters given: an empty field is no filter. */
function given<T extends object>(query: T): Record<string, unknown> {
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== ''));
}

export function listOptLog(query: OptLogQuery): Promise<Paged<OptLogItem>> {
  return api.get<Paged<OptLogItem>>(Paths.getSystemOptLogList, given(query));
}

export async function exportOptLog(query: OptLogExportQuery): Promise<void> {
  const { blob, headers } = await requestBlob('GET', Paths.optLogExport, given(query));
  downloadBlob(blob, fileNameOf(headers['content-disposition'] as string | undefined, '操作日志.xlsx'));
}

export function listAccessAddresses(query: AccessQuery): Promise<Paged<AccessAddressItem>> {
  return api.get<Paged<AccessAddressItem>>(Paths.requestIP, given(query));
}

export function listAccessDetails(query: AccessQuery): Promise<Paged<AccessDetailItem>> {
  return api.get<Paged<AccessDetailItem>>(Paths.requestIPDetails, given(query));
}

export async function exportAccess(query: AccessExportQuery): Promise<void> {
  const { blob, headers } = await requestBlob('GET', Paths.requestIPExport, given(query));
  downloadBlob(blob, fileNameOf(headers['content-disposition'] as string | undefined, '访问记录.xlsx'));
}
