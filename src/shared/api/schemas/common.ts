/**
 * The building blocks of every call's schema (TypeBox, JSON Schema): the envelope, pages of a list,
 * and the fields whose wire convention is the same everywhere. Routes declare their parameters and
 * answers with these; Fastify validates and coerces from them, @fastify/swagger documents them, and
 * the client takes its types from them (`Static<typeof …>`, imported with `import type` only, so
 * the client bundle carries no schema code).
 *
 * The conventions on the wire, written once here:
 * - Amounts are yuan with at most two decimals: a number (1234.5) or a numeric string ('1234.50')
 *   in requests, a number in answers; integer fen inside, converted in one place on each side
 *   (src/shared/vouchers/amounts.ts). `x-yuan` makes the server check a request amount with that
 *   same converter, so more decimals are refused (金额最多两位小数), never rounded.
 * - Directions are 1 借 (debit) and 2 贷 (credit); a balance is positive in its subject's direction.
 * - Years are four digits, months 1–12, periods `yyyy-MM`, dates `yyyy-MM-dd`.
 * - `x-message` is the Chinese rule a refused value is told (年份须为四位数字 …).
 */
import { Type, type Static, type TSchema } from 'typebox';
import { PAGE_SIZES } from '../../constants.js';
import { INT_COLUMN_MAX } from '../../vouchers/rules.js';

/**
 * A value of a primitive schema or null, written as a type list (`type: ['string', 'null']`)
 * rather than anyOf: the answer's serializer then writes it without trying each branch, which
 * matters in long lists.
 */
export const Nullable = <T extends TSchema & { type: string }>(schema: T) =>
  Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type, 'null'] });

/** The answer of a call: the spec's envelope with the call's data. */
export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({
    success: Type.Boolean({ description: 'true when the call did what it was asked' }),
    message: Type.String({ description: '给用户看的消息' }),
    data,
    errorCode: Nullable(Type.Integer({ description: 'null on success, else a code of the error catalogue' })),
    errorMsg: Nullable(Type.String({ description: 'null on success, else the refusal in Chinese' })),
  });

/** One page of a list. */
export const Paged = <T extends TSchema>(item: T) =>
  Type.Object({
    currentPageItems: Type.Array(item),
    totalItemCount: Type.Integer({ minimum: 0, description: 'items in every page of the list' }),
  });

/**
 * An amount in a request: yuan, at most two decimals, a number or a numeric string. The string
 * branch comes first: the validator coerces a value to the first branch's type, and a number
 * branch would take ' ' as 0 and '0x10' as 16 (ajv's loose numeric test) before x-yuan sees it;
 * a number becomes its shortest string, the text the converter reads a number by anyway.
 */
export const YuanIn = (description = '金额（元），最多两位小数') =>
  Type.Union([Type.String({ maxLength: 32 }), Type.Number()], { description, 'x-yuan': true });

/** An amount in an answer: yuan as a number with at most two decimals (the exact decimal of the fen kept). */
export const YuanOut = (description = '金额（元），两位小数') => Type.Number({ description });

export const Year = (description = '会计年度') =>
  Type.Integer({ minimum: 1000, maximum: 9999, description, 'x-message': '年份须为四位数字' });

export const Month = (description = '会计期间（月）') =>
  Type.Integer({ minimum: 1, maximum: 12, description, 'x-message': '月份须在1到12之间' });

/** A period `yyyy-MM`. */
export const YearMonth = (description = '期间 yyyy-MM') =>
  Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$', description, 'x-message': '期间须为yyyy-MM' });

/** A date `yyyy-MM-dd`. */
export const DateText = (description = '日期 yyyy-MM-dd') =>
  Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description, 'x-message': '日期须为yyyy-MM-dd' });

/** A balance direction: 1 借 (debit), 2 贷 (credit). */
export const Direction = (description = '余额方向：1 借，2 贷') =>
  Type.Union([Type.Literal(1), Type.Literal(2)], { description, 'x-message': '方向须为1（借）或2（贷）' });

/** An id of a record (time-ordered ids, built-in template ids such as builtin:carry:<chart>:<key>). */
export const Id = (description = '记录id') =>
  Type.String({ minLength: 1, maxLength: 200, pattern: '^[\\w:.-]+$', description, 'x-message': 'id格式不正确' });

/** The numeric id of a user-center record (a role, a permission, a platform …). */
export const RecordId = (description: string, message = '编号无效') =>
  Type.Integer({ minimum: 1, maximum: INT_COLUMN_MAX, description, 'x-message': message });

/** The page asked of a user-center list: its number and its size (20, 30, 40 or 50). */
export const PageQueryFields = {
  pageIndex: Type.Optional(Type.Integer({ minimum: 1, maximum: INT_COLUMN_MAX, default: 1, description: '页码，从1起' })),
  pageSize: Type.Optional(
    Type.Union(
      PAGE_SIZES.map((n) => Type.Literal(n)),
      { default: 20, description: '每页条数：20、30、40或50', 'x-message': '每页条数须为20、30、40或50' },
    ),
  ),
};

/** A count of things (vouchers, lines, rows). */
export const Count = (description: string) => Type.Integer({ minimum: 0, description });

/** A ledger-set id (zt): always the session's; another is refused (4005). */
/** A ledger set's id: a database serial, so no larger than an integer column holds. */
export const ZtId = (description = '账套id，须为当前会话的账套', message?: string) =>
  Type.Integer({ minimum: 1, maximum: INT_COLUMN_MAX, description, ...(message ? { 'x-message': message } : {}) });

/** A subject code: digits. */
export const SubjectCode = (description = '科目代码') =>
  Type.String({ pattern: '^\\d{1,20}$', description, 'x-message': '科目代码只能是数字' });

/** A call that takes no parameters in its query or body (declared, so the route reads nothing by accident). */
export const NoParams = Type.Object({}, { description: '无参数' });

/** The 200 answer of a download (a workbook, a PDF, a file): bytes of the media type, not the envelope. */
export const FileAnswer = (mediaType: string, description: string) => ({
  description,
  // Bytes (a Buffer or a stream on the server): typed unknown so a handler may send either.
  content: { [mediaType]: { schema: Type.Unsafe<unknown>({ type: 'string', format: 'binary' }) } },
});
