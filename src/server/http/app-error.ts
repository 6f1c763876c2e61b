/** A refusal the client should see: an error-catalogue entry, a message and optional data. */
import { ErrorCodes, type ErrorName } from '../../shared/error-codes.js';

export class AppError extends Error {
  readonly code: number;
  readonly http: number;
  readonly data: unknown;

  constructor(name: ErrorName, message?: string, data: unknown = null) {
    const info = ErrorCodes[name];
    super(message ?? info.message);
    this.code = info.code;
    this.http = info.http;
    this.data = data;
  }
}

export function refuse(name: ErrorName, message?: string, data?: unknown): never {
  throw new AppError(name, message, data);
}
