/**
 * The funds reports (base /account; schemas in src/shared/api/schemas/funds-reports.ts): the
 * remittance register and the payables up and down per unit, as JSON (yuan) and as workbooks
 * whose totals are live formulas; and the remittance lines the voucher editor proposes for a 402
 * line (B8). Reading needs the report's page, exporting its export button; the proposal is read by
 * the voucher editor's page. Every figure comes from the session's set and year.
 */
import type { FastifyRequest } from 'fastify';
import { fundsPayablesGrid, toFundsPayablesGridRow } from '../../../grids/funds-payables.js';
import { fundsRegisterGrid, toFundsRegisterGridRow } from '../../../grids/funds-register.js';
import { periodText, workbookFileName } from '../../../grids/workbook/heading.js';
import { buildWorkbook } from '../../../grids/workbook/workbook.js';
import {
  FundsReportSchemas,
  type FundsPayableRow,
  type FundsPayablesResponse,
  type FundsRegisterQuery,
  type FundsRegisterResponse,
} from '../../shared/api/schemas/funds-reports.js';
import { answerYuan } from '../../shared/books/answer-amounts.js';
import { okEnvelope } from '../../shared/envelope.js';
import { yuanToFen } from '../../shared/vouchers/amounts.js';
import { ztOf } from '../auth/guard.js';
import { Page } from '../auth/pages.js';
import { onLedger, Right } from '../auth/route-rights.js';
import { rangeOf } from '../books/period-range.js';
import type { Db } from '../db/database.js';
import { exportHeadingOf } from '../export/export-heading.js';
import { sendWorkbook } from '../files/download.js';
import { refuse } from '../http/app-error.js';
import type { App } from '../http/app-type.js';
import { readPayables, type PayableSide } from './payables.js';
import { proposeRemittance } from './proposal.js';
import { readRegister } from './register.js';

async function registerOf(db: Db, request: FastifyRequest, q: FundsRegisterQuery): Promise<FundsRegisterResponse> {
  const zt = ztOf(request);
  const range = rangeOf(q.beginTime, q.endTime, zt.year);
  const entries = await readRegister(db.kysely, { ztId: zt.id, year: zt.year, ...range, unitCode: q.unitCode });
  return {
    year: zt.year,
    ...range,
    rows: entries.map((e) => ({
      id: e.id,
      year: e.year,
      month: e.month,
      rowNo: e.rowNo,
      unitCode: e.unitCode,
      unitName: e.unitName,
      paidOn: e.paidOn,
      summary: e.summary,
      amount: answerYuan(e.amount),
      retained: answerYuan(e.shares.retained),
      superiorOne: answerYuan(e.shares.superiorOne),
      superiorTwo: answerYuan(e.shares.superiorTwo),
      lower: answerYuan(e.shares.lower),
      preparatory: answerYuan(e.shares.preparatory),
      smallBusiness: answerYuan(e.shares.smallBusiness),
      collectionFee: answerYuan(e.shares.collectionFee),
      split: e.split,
      voucherId: e.voucher?.id ?? null,
      voucherNo: e.voucher?.no ?? null,
      voucherMonth: e.voucher?.month ?? null,
    })),
  };
}

const sideYuan = (s: PayableSide) => ({
  opening: answerYuan(s.opening),
  credit: answerYuan(s.credit),
  debit: answerYuan(s.debit),
  closing: answerYuan(s.closing),
});

async function payablesOf(
  db: Db,
  request: FastifyRequest,
  q: { beginTime: string; endTime: string },
): Promise<FundsPayablesResponse> {
  const zt = ztOf(request);
  const range = rangeOf(q.beginTime, q.endTime, zt.year);
  const entries = await readPayables(db.kysely, { ztId: zt.id, year: zt.year, ...range });
  return {
    year: zt.year,
    ...range,
    rows: entries.map((e): FundsPayableRow => ({
      unitCode: e.unitCode,
      unitName: e.unitName,
      superior: sideYuan(e.superior),
      lower: sideYuan(e.lower),
    })),
  };
}

export function fundsReportRoutes(app: App, db: Db): void {
  app.get(
    '/api/funds/register',
    { schema: FundsReportSchemas.register, ...onLedger(Right.pages(Page.fundsRegister)) },
    async (request) => okEnvelope(await registerOf(db, request, request.query)),
  );

  app.get(
    '/api/funds/register/export',
    { schema: FundsReportSchemas.registerExport, ...onLedger(Right.buttons([[Page.fundsRegister, 'export']])) },
    async (request, reply) => {
      const answer = await registerOf(db, request, request.query);
      const period = periodText(answer.year, answer.beginMonth, answer.endMonth);
      const filters = request.query.unitCode ? [{ label: '经费单位', value: request.query.unitCode }] : [];
      const heading = exportHeadingOf(request, fundsRegisterGrid.export.title, period, filters);
      const workbook = buildWorkbook(fundsRegisterGrid, answer.rows.map(toFundsRegisterGridRow), heading);
      return sendWorkbook(
        reply,
        workbookFileName(heading.title, heading.ledgerSet, period),
        Buffer.from(await workbook.xlsx.writeBuffer()),
      );
    },
  );

  app.get(
    '/api/funds/payables',
    { schema: FundsReportSchemas.payables, ...onLedger(Right.pages(Page.fundsPayables)) },
    async (request) => okEnvelope(await payablesOf(db, request, request.query)),
  );

  app.get(
    '/api/funds/payables/export',
    { schema: FundsReportSchemas.payablesExport, ...onLedger(Right.buttons([[Page.fundsPayables, 'export']])) },
    async (request, reply) => {
      const answer = await payablesOf(db, request, request.query);
      const period = periodText(answer.year, answer.beginMonth, answer.endMonth);
      const heading = exportHeadingOf(request, fundsPayablesGrid.export.title, period);
      const workbook = buildWorkbook(fundsPayablesGrid, answer.rows.map(toFundsPayablesGridRow), heading);
      return sendWorkbook(
        reply,
        workbookFileName(heading.title, heading.ledgerSet, period),
        Buffer.from(await workbook.xlsx.writeBuffer()),
      );
    },
  );

  app.get(
    '/api/funds/proposal',
    { schema: FundsReportSchemas.proposal, ...onLedger(Right.pages(Page.voucherAdd)) },
    async (request) => {
      const zt = ztOf(request);
      const q = request.query;
      if (q.year !== zt.year) refuse('BadRequest', `只能使用当前年度(${zt.year}年)的经费比例`);
      const amount = yuanToFen(q.amount);
      if (!amount.ok) refuse('BadRequest', amount.message);
      const proposal = await proposeRemittance(
        db.kysely,
        { ztId: zt.id, year: zt.year, month: q.month, system: zt.accountingSystem },
        q.unitCode,
        amount.fen,
        q.summary ?? '',
      );
      return okEnvelope({
        unitCode: proposal.unitCode,
        unitName: proposal.unitName,
        lines: proposal.lines.map((l) => ({
          share: l.share,
          shareName: l.shareName,
          summary: l.summary,
          subjectCode: l.subjectCode,
          subjectName: l.subjectName,
          creditAmount: answerYuan(l.creditFen),
          auxis: l.auxis,
        })),
      });
    },
  );
}
