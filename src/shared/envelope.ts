/** The response envelope of every JSON answer (spec: success, message, data, errorCode, errorMsg). */
export interface Envelope<T = unknown> {
  success: boolean;
  message: string;
  data: T;
  errorCode: number | null;
  errorMsg: string | null;
}

export interface Paged<T> {
  currentPageItems: T[];
  totalItemCount: number;
}

/** A validation message; row and field let an editor mark the exact cell. */
export interface ValidationIssue {
  message: string;
  rowId?: string | number;
  fieldId?: string;
}

export function okEnvelope<T>(data: T, message = '操作成功'): Envelope<T> {
  return { success: true, message, data, errorCode: null, errorMsg: null };
}

export function failEnvelope<T = null>(errorCode: number, errorMsg: string, data: T = null as T): Envelope<T> {
  return { success: false, message: errorMsg, data, errorCode, errorMsg };
}

export function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && 'success' in value && typeof value.success === 'boolean';
}
