/** Schemas of the server config, the financial-state check and the session set's system info. */
import { Type, type Static } from 'typebox';
import { Envelope, Month, NoParams, Year } from './common.js';

export const ServerConfigSchema = Type.Object({
  is_start_secretKey: Type.Boolean(),
  islimit: Type.Boolean({ description: 'whether the login pages show limit_info' }),
  limit_info: Type.String(),
  is_open_ureport: Type.Boolean(),
  isPdf: Type.Boolean(),
  on_off_report: Type.Boolean(),
  report_down_url: Type.String(),
  report_ver: Type.String(),
  isOpenContractFile: Type.Boolean(),
  isCheckFile: Type.Boolean(),
  is_dfzc: Type.Boolean(),
  title: Type.String({ description: '浏览器页面标题' }),
  captcha: Type.Boolean({ description: 'whether the login form shows a captcha (off only for automation)' }),
});
export type ServerConfig = Static<typeof ServerConfigSchema>;

export const FinancialStateSchema = Type.Union(
  [Type.Literal(0), Type.Literal(1), Type.Literal(2), Type.Literal(3), Type.Literal(4), Type.Literal(5)],
  {
    description:
      '0 normal, 1 subjects not initialised (go to 科目期初), 2 assets not initialised, 3 period-switch carry-over needed, 4 reconciliation, 5 acknowledged',
  },
);

export const SysInfoSchema = Type.Object({
  beginYear: Year('the first year of the set'),
  endYear: Year('the last year of the set'),
  maxYear: Year('the last year of the set'),
  year: Year('the session year'),
  accountMonth: Month('the current accounting month of the session year'),
});
export type SysInfo = Static<typeof SysInfoSchema>;

export const SystemSchemas = {
  config: { querystring: NoParams, response: { 200: Envelope(ServerConfigSchema) } },
  financialState: { querystring: NoParams, response: { 200: Envelope(FinancialStateSchema) } },
  sysInfo: { querystring: NoParams, response: { 200: Envelope(SysInfoSchema) } },
} as const;
