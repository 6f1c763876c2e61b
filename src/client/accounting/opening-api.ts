/**
 * The opening-balance calls of the page (base /account). The amounts travel in yuan; the page, its
 * grid and trial check work in fen: this module converts both ways (shared/subjects/opening-amounts.ts).
 */
import { Paths } from '../../shared/api/paths.js';
import type { ValidationIssue } from '../../shared/envelope.js';
import { ErrorCode } from '../../shared/error-codes.js';
import type { BranchSaveResponse, SubjectSettingResponse, TrialResult } from '../../shared/api/subjects.js';
import { openingDetailToYuan, openingRowToFen, trialToFen } from '../../shared/subjects/opening-amounts.js';
import { api, ApiError, performAction, requestBlob, requestEnvelope } from '../shell/request.js';
import { downloadBlob } from '../grid/export-xlsx.js';
import { messageBox } from '../message-box/message-box.js';
import type { OpeningSaveInFen } from './opening-rows.js';

/** The setting list with its amounts in fen. */
export async function loadOpenings(): Promise<SubjectSettingResponse> {
  const setting = await api.get<SubjectSettingResponse>(Paths.subjectSetting);
  return { ...setting, subInfoList: setting.subInfoList.map(openingRowToFen), trial: trialToFen(setting.trial) };
}

function isTrial(value: unknown): value is TrialResult {
  return typeof value === 'object' && value !== null && 'financial' in value && 'balanced' in value;
}

/**
 * Runs a save; an unbalanced trial check (4011 with the trial as data) asks the user, and on
 * 确定 the same call goes again with confirmPrompt. Other failures get the wrapper's reaction
 * (4003: the dialog listing the bad rows). Resolves with the success message, or null when the
 * user declined or the call failed.
 */
async function withConfirm(
  send: (confirmPrompt: boolean) => Promise<{ message: string }>,
  onIssues?: (issues: ValidationIssue[]) => void,
): Promise<string | null> {
  try {
    return (await send(false)).message;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const envelope = error.envelope;
    if (envelope?.errorCode === 4011 && isTrial(envelope.data)) {
      try {
        await messageBox.confirm(`${envelope.errorMsg ?? envelope.message}，是否仍要保存？`, { title: '试算不平衡' });
      } catch {
        return null;
      }
      return (await send(true)).message;
    }
    if (envelope?.errorCode === ErrorCode.ValidationFailed && Array.isArray(envelope.data))
      onIssues?.(envelope.data as ValidationIssue[]);
    performAction(error.action);
    return null;
  }
}

/** Saves rows whose amounts are fen; a 4003 answer's issues (row and field) go to `onIssues` as well as to the dialog. */
export function saveOpenings(request: OpeningSaveInFen, onIssues?: (issues: ValidationIssue[]) => void): Promise<string | null> {
  const detailList = request.detailList.map(openingDetailToYuan);
  return withConfirm(
    (confirmPrompt) =>
      requestEnvelope<BranchSaveResponse>(
        'POST',
        Paths.branchSave,
        { detailList, autoUnderAllAcc: request.autoUnderAllAcc, confirmPrompt },
        { silent: true },
      ),
    onIssues,
  );
}

export function importOpenings(file: File): Promise<string | null> {
  return withConfirm((confirmPrompt) => {
    const form = new FormData();
    form.append('confirmPrompt', String(confirmPrompt));
    form.append('file', file, file.name);
    return requestEnvelope<BranchSaveResponse>('POST', Paths.openingImport, form, { silent: true });
  });
}

/** The file name of a download: RFC 5987 filename* first, then filename. */
export function fileNameOf(disposition: string | undefined, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? fallback;
}

/**
 * The saved openings as the server writes them: the grid's workbook plus the 辅助核算 column,
 * so that the same file can be imported again.
 */
export async function exportOpenings(year: number): Promise<void> {
  const { blob, headers } = await requestBlob('GET', Paths.openingExport);
  const disposition = headers['content-disposition'] as string | undefined;
  downloadBlob(blob, fileNameOf(disposition, `科目期初余额表_${year}.xlsx`));
}
