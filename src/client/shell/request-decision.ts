/**
 * What the client does with an answer (spec doc 1 section 8, doc 2 section 8). Pure functions
 * from an envelope or an HTTP failure to an action; the request wrapper carries the action out.
 * The reaction per code comes from the shared catalogue, never from the message text.
 */
import { isEnvelope, type Envelope } from '../../shared/envelope.js';
import { ErrorCode, reactionFor } from '../../shared/error-codes.js';

export const MSG_DOWNLOAD_FAILED = '下载失败，文件不存在！';
export const MSG_NOT_FOUND_PATH = '接口不存在';
export const MSG_SERVER_ERROR_TITLE = '服务器错误';
export const MSG_SERVER_ERROR = '服务器错误请联系管理员！';

export type ErrorAction =
  | { kind: 'none' }
  /** errorMsg in a confirm dialog */
  | { kind: 'confirm'; message: string }
  /** a dialog titled errorMsg listing each message of data */
  | { kind: 'list'; title: string; items: string[] }
  /** show errorMsg, mark logged out, clear token, go to / */
  | { kind: 'logout'; message: string }
  /** show errorMsg, go to /home */
  | { kind: 'home'; message: string }
  /** log out locally, clear token, go to /, then show errorMsg */
  | { kind: 'logout-silent'; message: string }
  /** period-close follow-up (document 2), for now the message */
  | { kind: 'close'; message: string }
  /** hardware-key dialog */
  | { kind: 'key'; message: string }
  /** dialog titled 服务器错误 that does not close by itself */
  | { kind: 'server-error'; title: string; message: string };

function messageOf(envelope: Pick<Envelope, 'errorMsg' | 'message'>): string {
  return envelope.errorMsg || envelope.message || '操作失败';
}

/** The messages of a 4003 answer: data is a list of strings or of { message, rowId, fieldId }. */
export function listItems(data: unknown): string[] {
  if (!Array.isArray(data)) return typeof data === 'string' && data ? [data] : [];
  const items: string[] = [];
  for (const entry of data as unknown[]) {
    if (typeof entry === 'string') items.push(entry);
    else if (typeof entry === 'object' && entry !== null && typeof (entry as { message?: unknown }).message === 'string') {
      items.push((entry as { message: string }).message);
    }
  }
  return items;
}

/** Action for a JSON answer; success answers need nothing. */
export function actionForEnvelope(envelope: Envelope<unknown>): ErrorAction {
  if (envelope.success) return { kind: 'none' };
  const message = messageOf(envelope);
  const reaction = reactionFor(envelope.errorCode);
  switch (reaction) {
    case 'list':
      return { kind: 'list', title: message, items: listItems(envelope.data) };
    case 'confirm':
    case 'logout':
    case 'home':
    case 'logout-silent':
    case 'close':
    case 'key':
      return { kind: reaction, message };
  }
}

export interface HttpFailure {
  /** HTTP status, or null when no answer came (network failure, timeout). */
  status: number | null;
  /** The parsed body: JSON, or the JSON read out of a blob body. */
  body: unknown;
  /** The request asked for a blob (file download). */
  blob: boolean;
  /** The request was cancelled on purpose. */
  cancelled: boolean;
}

const serverError: ErrorAction = { kind: 'server-error', title: MSG_SERVER_ERROR_TITLE, message: MSG_SERVER_ERROR };

/** Action for a failed HTTP exchange (status outside 2xx, transport error). */
export function actionForHttpFailure(failure: HttpFailure): ErrorAction {
  if (failure.cancelled) return { kind: 'none' };
  const { status, body } = failure;
  if (status === 400) {
    if (failure.blob && body !== undefined && body !== null) return { kind: 'confirm', message: MSG_DOWNLOAD_FAILED };
    if (isEnvelope(body)) {
      if (body.errorCode === ErrorCode.ValidationFailed) return actionForEnvelope(body);
      return { kind: 'confirm', message: messageOf(body) };
    }
    return serverError;
  }
  if (status === 404) return { kind: 'confirm', message: MSG_NOT_FOUND_PATH };
  return serverError;
}

/** A blob answer that is really a JSON envelope with success false (spec: show errorMsg). */
export function actionForBlobEnvelope(body: unknown): ErrorAction {
  if (isEnvelope(body) && !body.success) return { kind: 'confirm', message: messageOf(body) };
  return { kind: 'none' };
}

/** True when a transport error (no answer at all) must clear the queue and close the loading. */
export function isTransportFailure(failure: HttpFailure): boolean {
  return !failure.cancelled && failure.status === null;
}
