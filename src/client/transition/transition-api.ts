/** The transition page's calls (base /account; shapes in shared/api/schemas/transition.ts). Amounts travel in yuan. */
import { Paths } from '../../shared/api/paths.js';
import type {
  CodeJoinResponse,
  DraftContentControl,
  SaveFiguresRequest,
  SaveSplitsRequest,
} from '../../shared/api/schemas/transition.js';
import { fileNameOf } from '../accounting/opening-api.js';
import { downloadBlob } from '../grid/export-xlsx.js';
import { api, requestBlob, requestEnvelope } from '../shell/request.js';

export const loadControl = () => api.get<DraftContentControl>(Paths.transitionControl);

/** item1=1: the 2009 chart with the year-end figures; item1=2: the worksheet. */
export const loadCodeJoin = (item1: 1 | 2) => api.get<CodeJoinResponse>(Paths.transitionCodeJoin, { item1 });

export async function saveFigures(body: SaveFiguresRequest): Promise<{ data: CodeJoinResponse; message: string }> {
  const envelope = await requestEnvelope<CodeJoinResponse>('POST', Paths.transitionSaveFigures, body);
  return { data: envelope.data, message: envelope.message };
}

export async function saveSplits(body: SaveSplitsRequest): Promise<{ data: CodeJoinResponse; message: string }> {
  const envelope = await requestEnvelope<CodeJoinResponse>('POST', Paths.transitionSaveSplits, body);
  return { data: envelope.data, message: envelope.message };
}

/** 完成衔接 / 取消衔接: the server's message. */
export async function reconcile(finish: boolean): Promise<string> {
  const envelope = await requestEnvelope<unknown>('GET', finish ? Paths.reconciliationFinish : Paths.unReconciliationFinish);
  return envelope.message;
}

/** The worksheet workbook the server builds (heading block, live formulas). */
export async function exportWorksheet(year: number): Promise<void> {
  const { blob, headers } = await requestBlob('GET', Paths.transitionExport);
  const disposition = headers['content-disposition'] as string | undefined;
  downloadBlob(blob, fileNameOf(disposition, `新旧衔接底稿_${year}.xlsx`));
}
