/** Database errors the services turn into answers, recognised on both dialects. */
import { refuse } from '../http/app-error.js';

/** A primary-key or unique constraint refused the row (a concurrent insert of the same key). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** A catch handler answering a unique violation with a 4012 and its message, and passing anything else on. */
export function conflictOnUnique(message: string): (error: unknown) => never {
  return (error) => {
    if (isUniqueViolation(error)) refuse('Conflict', message);
    throw error;
  };
}
