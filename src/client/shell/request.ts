/**
 * The request wrapper (spec doc 1 section 7 and 8): same-origin axios with the session headers,
 * the common params, the signature, and the reactions of the error catalogue. Decisions are made
 * by the pure functions of request-decision.ts; this file only carries them out.
 */
import axios, { type AxiosResponse } from 'axios';
import type { Envelope } from '../../shared/envelope.js';
import { isEnvelope } from '../../shared/envelope.js';
import { REQUEST_TIMEOUT_MS } from '../../shared/constants.js';
import { messageBox } from '../message-box/message-box.js';
import { clearPendingQueue, pendingRequests, useLoading } from './loading-store.js';
import { navigateTo } from './navigation.js';
import {
  actionForBlobEnvelope,
  actionForEnvelope,
  actionForHttpFailure,
  isTransportFailure,
  type ErrorAction,
  type HttpFailure,
} from './request-decision.js';
import { logoutLocally } from './session-actions.js';
import { useSession } from './session-store.js';
import { prepareRequest, type Method } from './signed-request.js';
import { APP_VERSION } from './version.js';

/** A call that did not succeed; its action has already been carried out (unless silent). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly action: ErrorAction,
    readonly envelope: Envelope<unknown> | null = null,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  /** Do not react (no dialog, no redirect): the caller handles the failure. */
  silent?: boolean;
  signal?: AbortSignal;
}

export const http = axios.create({
  baseURL: '',
  timeout: REQUEST_TIMEOUT_MS,
  paramsSerializer: { serialize: (params: Record<string, string>) => new URLSearchParams(params).toString() },
});

const shownMessages = new Set<string>();

/** Show a message once even when several calls fail the same way at the same time. */
function showOnce(key: string, show: () => Promise<unknown>): void {
  if (shownMessages.has(key)) return;
  shownMessages.add(key);
  show()
    .catch(() => undefined)
    .finally(() => shownMessages.delete(key));
}

export function performAction(action: ErrorAction): void {
  switch (action.kind) {
    case 'none':
      return;
    case 'confirm':
    case 'close':
    case 'key':
      showOnce(action.message, () => messageBox.alert(action.message, { autoClose: false, tone: 'error' }));
      return;
    case 'list':
      showOnce(action.title, () => messageBox.list(action.title, action.items));
      return;
    case 'logout':
      showOnce(action.message, () => messageBox.alert(action.message, { tone: 'warning' }));
      logoutLocally();
      navigateTo('/');
      return;
    case 'home':
      showOnce(action.message, () => messageBox.alert(action.message, { tone: 'warning' }));
      navigateTo('/home');
      return;
    case 'logout-silent':
      logoutLocally();
      navigateTo('/');
      showOnce(action.message, () => messageBox.alert(action.message, { tone: 'warning' }));
      return;
    case 'server-error':
      showOnce(action.title, () => messageBox.alert(action.message, { title: action.title, autoClose: false, tone: 'error' }));
      return;
  }
}

let nextRequestId = 1;

async function readBlobJson(blob: unknown): Promise<unknown> {
  if (!(blob instanceof Blob)) return blob;
  try {
    return JSON.parse(await blob.text()) as unknown;
  } catch {
    return null;
  }
}

async function send(method: Method, url: string, payload: unknown, responseType: 'json' | 'blob', options: RequestOptions) {
  const session = useSession.getState();
  const prepared = prepareRequest(
    method,
    url,
    payload,
    {
      originUrl: typeof location !== 'undefined' ? location.pathname : '/',
      version: APP_VERSION,
      timestamp: String(Date.now()),
      financialInstitution: session.authInfo?.financialInstitution ?? null,
    },
    { token: session.token, signKey: session.signKey },
  );
  const id = nextRequestId++;
  const controller = new AbortController();
  options.signal?.addEventListener('abort', () => controller.abort());
  pendingRequests.set(id, controller);
  useLoading.getState().begin();
  try {
    return await http.request<unknown>({
      method: prepared.method,
      url: prepared.url,
      params: prepared.params,
      data: prepared.data,
      headers: prepared.headers,
      responseType,
      signal: controller.signal,
    });
  } catch (error) {
    const failure: HttpFailure = {
      status: axios.isAxiosError(error) ? (error.response?.status ?? null) : null,
      body: axios.isAxiosError(error) ? await readBlobJson(error.response?.data) : null,
      blob: responseType === 'blob',
      cancelled: axios.isCancel(error),
    };
    if (responseType === 'blob' && !isEnvelope(failure.body)) failure.body = null;
    if (isTransportFailure(failure)) clearPendingQueue();
    const action = actionForHttpFailure(failure);
    if (!options.silent) performAction(action);
    const message = 'message' in action ? action.message : '请求已取消';
    throw new ApiError(message, action, isEnvelope(failure.body) ? failure.body : null, failure.status);
  } finally {
    if (pendingRequests.delete(id)) useLoading.getState().end();
  }
}

/** The whole envelope of a JSON call; success false is reacted to and thrown as ApiError. */
export async function requestEnvelope<T>(
  method: Method,
  url: string,
  payload?: unknown,
  options: RequestOptions = {},
): Promise<Envelope<T>> {
  const response = await send(method, url, payload, 'json', options);
  const body = response.data;
  if (!isEnvelope(body)) {
    const action: ErrorAction = actionForHttpFailure({ status: 500, body, blob: false, cancelled: false });
    if (!options.silent) performAction(action);
    throw new ApiError('服务器错误请联系管理员！', action, null, response.status);
  }
  const action = actionForEnvelope(body);
  if (action.kind !== 'none') {
    if (!options.silent) performAction(action);
    throw new ApiError(body.errorMsg || body.message, action, body, response.status);
  }
  return body as Envelope<T>;
}

/** A file answer. A JSON envelope with success false inside the blob shows its errorMsg. */
export async function requestBlob(
  method: Method,
  url: string,
  payload?: unknown,
  options: RequestOptions = {},
): Promise<{ blob: Blob; headers: AxiosResponse['headers'] }> {
  const response = await send(method, url, payload, 'blob', options);
  const blob = response.data as Blob;
  if (blob.type.includes('json')) {
    const body = await readBlobJson(blob);
    const action = actionForBlobEnvelope(body);
    if (action.kind !== 'none') {
      if (!options.silent) performAction(action);
      throw new ApiError('message' in action ? action.message : '', action, isEnvelope(body) ? body : null, response.status);
    }
  }
  return { blob, headers: response.headers };
}

export const api = {
  get: async <T>(url: string, params?: Record<string, unknown>, options?: RequestOptions) =>
    (await requestEnvelope<T>('GET', url, params, options)).data,
  delete: async <T>(url: string, params?: Record<string, unknown>, options?: RequestOptions) =>
    (await requestEnvelope<T>('DELETE', url, params, options)).data,
  post: async <T>(url: string, body?: unknown, options?: RequestOptions) =>
    (await requestEnvelope<T>('POST', url, body, options)).data,
  put: async <T>(url: string, body?: unknown, options?: RequestOptions) =>
    (await requestEnvelope<T>('PUT', url, body, options)).data,
};
