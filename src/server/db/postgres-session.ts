/**
 * Settings of every PostgreSQL connection the server opens (libpq's `options`, so no privilege on
 * the database is needed): the server answers many short reads, each in milliseconds, on a few
 * cores shared by many clients.
 * - jit=off: a read whose estimated cost passes jit_above_cost (a detail ledger page of a
 *   1,000,000-line year) spent ~20 ms compiling itself for a 30 ms run, on every call.
 * - max_parallel_workers_per_gather=0: a parallel plan starts worker processes for each
 *   statement; on a busy 2-core machine the line count of that page waited 50-60 ms for its
 *   workers to do 8 ms of work. One statement per core is the server's own parallelism.
 */
export const POSTGRES_SESSION_OPTIONS = '-c jit=off -c max_parallel_workers_per_gather=0';
