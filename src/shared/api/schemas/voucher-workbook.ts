/**
 * Schema of the voucher workbook call (base /account): the named vouchers as 记账凭证 sheets, one
 * per voucher, laid out like the paper voucher.
 */
import { Type, type Static } from 'typebox';
import { FileAnswer } from './common.js';

/** Most vouchers one workbook holds (a month of a busy set; more in several calls). */
export const VOUCHER_WORKBOOK_MAX = 500;

/** GET /account/api/certificate/exportVoucherSheets?ids=a,b → .xlsx. */
export const VoucherWorkbookQuerySchema = Type.Object({
  ids: Type.String({
    pattern: '^[\\w\\-, ]*$',
    maxLength: 40_000,
    description: `凭证id，逗号分隔，按工作表顺序（每次最多${VOUCHER_WORKBOOK_MAX}张）`,
    'x-message': '凭证id无效',
  }),
});
export type VoucherWorkbookQuery = Static<typeof VoucherWorkbookQuerySchema>;

export const VoucherWorkbookSchemas = {
  sheets: {
    querystring: VoucherWorkbookQuerySchema,
    response: {
      200: FileAnswer(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        '所列凭证的工作簿：每张凭证一个工作表（记账凭证的版式），文件名在Content-Disposition中',
      ),
    },
  },
} as const;
