/**
 * The transition worksheet's workbook (spec doc 2: GET /account/api/reportToExcleOccur/codeJoinAsyncDataOut; issue 22).
 */
import { Type, type Static } from 'typebox';
import { FileAnswer } from './common.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const TransitionExportQuerySchema = Type.Object({
  isReconciliation: Type.Optional(Type.Boolean({ description: '底稿是否并入调账凭证的调整；缺省true（同codeJoin）' })),
});
export type TransitionExportQuery = Static<typeof TransitionExportQuerySchema>;

export const TransitionExportSchemas = {
  export: {
    querystring: TransitionExportQuerySchema,
    response: {
      200: FileAnswer(
        XLSX,
        '新旧衔接底稿的工作簿（附件）：新旧衔接底稿（原科目年末余额、调整、新科目金额、拆分依据与检查）、新制度期初（按新科目汇总的公式）与上年年末数（原制度科目余额及试算）；拆分余额、合计、期初与检查均为公式',
      ),
    },
  },
} as const;
