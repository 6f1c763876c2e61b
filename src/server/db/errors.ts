/** Database errors the services turn into answers, recognised on both dialects. */

/** A primary-key or unique constraint refused the row (a concurrent insert of the same key). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
