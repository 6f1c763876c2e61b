/** The close calls of the 期末结账 page (src/shared/api/close.ts). */
import type {
  CarryOverRequest,
  CloseCheckResult,
  CloseState,
  MonthlyRequest,
  MonthlyResponse,
  NewYearResponse,
  UnMonthlyRequest,
  UnMonthlyResponse,
} from '../../shared/api/close.js';
import { Paths } from '../../shared/api/paths.js';
import type { GenerateCarryForwardResponse } from '../../shared/api/templates.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { messageBox } from '../message-box/message-box.js';
import { api, ApiError, performAction, requestEnvelope } from '../shell/request.js';

export function loadCheck(year: number, month: number): Promise<CloseCheckResult> {
  return api.get<CloseCheckResult>(Paths.closeCheck, { year, month });
}

export function loadCloseState(): Promise<CloseState> {
  return api.get<CloseState>(Paths.closeState);
}

/**
 * A call that takes a backup first: when 20 are kept the server refuses with the spec's text; the
 * user may continue (the oldest goes) and the call is sent again with rotateBackup.
 */
async function withBackupRotation<T>(
  send: (rotate: boolean) => Promise<{ data: T; message: string }>,
): Promise<{ data: T; message: string } | null> {
  try {
    return await send(false);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // The first try is silent so the rotation can be asked here; anything else is shown as usual.
    if (error.envelope?.errorCode !== ErrorCode.BackupRotationNeeded) {
      performAction(error.action);
      throw error;
    }
    const choice = await messageBox.choose({
      title: '云备份',
      message: error.message,
      tone: 'warning',
      cancelValue: 'cancel',
      buttons: [
        { label: '取消', value: 'cancel' },
        { label: '继续执行', value: 'go', primary: true },
      ],
    });
    return choice === 'go' ? send(true) : null;
  }
}

export function closeMonth(request: MonthlyRequest) {
  return withBackupRotation<MonthlyResponse>(async (rotate) => {
    const e = await requestEnvelope<MonthlyResponse>(
      'POST',
      Paths.monthly,
      { ...request, rotateBackup: rotate },
      { silent: !rotate },
    );
    return { data: e.data, message: e.message };
  });
}

export function reopenMonth(request: UnMonthlyRequest) {
  return withBackupRotation<UnMonthlyResponse>(async (rotate) => {
    const e = await requestEnvelope<UnMonthlyResponse>(
      'POST',
      Paths.unMonthly,
      { ...request, rotateBackup: rotate },
      { silent: !rotate },
    );
    return { data: e.data, message: e.message };
  });
}

export async function carryOver(request: CarryOverRequest): Promise<string> {
  return (await requestEnvelope<null>('POST', Paths.carryOver, request)).message;
}

export async function openNextYear(): Promise<string> {
  return (await requestEnvelope<NewYearResponse>('POST', Paths.newYear, {})).message;
}

export async function generateMonthCarry(year: number, month: number): Promise<string> {
  return (await requestEnvelope<GenerateCarryForwardResponse>('GET', Paths.generateVoucherEndPeriod, { year, month })).message;
}

export async function generateYearCarry(year: number): Promise<string> {
  return (await requestEnvelope<GenerateCarryForwardResponse>('GET', Paths.generateYearEndVoucher, { year })).message;
}
