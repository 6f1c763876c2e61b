/**
 * LIKE patterns that match what the user typed literally: a `%` or `_` typed into a filter (a
 * subject code, a summary) matches itself, not any text or any one character. Every LIKE of the
 * server is written here (a test keeps it so). The ESCAPE clause is spelt out: SQLite has no
 * escape character without one, and PostgreSQL's default (backslash) would treat a typed `\` as
 * an escape. `!` is the escape character on both, doubled where the user typed one.
 */
import { sql, type Expression, type RawBuilder } from 'kysely';

const ESCAPE = '!';

/** The text with the pattern characters and the escape character escaped. */
export function escapeLike(text: string): string {
  return text.replace(/[!%_]/g, (c) => `${ESCAPE}${c}`);
}

type Column = string | Expression<unknown>;

const ref = (column: Column) => (typeof column === 'string' ? sql.ref(column) : column);

/** `column LIKE '%text%'`: the column contains the text. */
export function likeContains(column: Column, text: string): RawBuilder<boolean> {
  return sql<boolean>`${ref(column)} like ${`%${escapeLike(text)}%`} escape '!'`;
}

/** `column LIKE 'text%'`: the column starts with the text (a code and the codes under it). */
export function likePrefix(column: Column, text: string): RawBuilder<boolean> {
  return sql<boolean>`${ref(column)} like ${`${escapeLike(text)}%`} escape '!'`;
}
