/** Server config, the financial-state check and the system info of the session's ledger set. */
import type { ServerConfig as ClientConfig } from '../../shared/api/auth.js';
import { SystemSchemas } from '../../shared/api/schemas/system.js';
import { Paths } from '../../shared/api/paths.js';
import { okEnvelope } from '../../shared/envelope.js';
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/database.js';
import type { App } from '../http/app-type.js';
import { authOf, ztOf } from '../auth/guard.js';
import { financialState } from './financial-state.js';

export function systemRoutes(app: App, db: Db, config: ServerConfig): void {
  app.get(Paths.config, { schema: SystemSchemas.config, config: { access: 'public', right: 'none' } }, () => {
    const data: ClientConfig = {
      is_start_secretKey: false,
      islimit: config.limitInfo !== '',
      limit_info: config.limitInfo,
      is_open_ureport: false,
      isPdf: false,
      on_off_report: false,
      report_down_url: '',
      report_ver: '',
      isOpenContractFile: false,
      isCheckFile: false,
      is_dfzc: false,
      title: config.title,
      captcha: config.captcha,
    };
    return Promise.resolve(okEnvelope(data));
  });

  app.get(Paths.financialState, { schema: SystemSchemas.financialState, config: { right: 'none' } }, async (request) => {
    const { zt } = authOf(request);
    const { state, message } = await financialState(db, zt);
    return { ...okEnvelope(state, message) };
  });

  app.get(Paths.sysInfo, { schema: SystemSchemas.sysInfo, config: { access: 'zt', right: 'none' } }, async (request) => {
    const zt = ztOf(request);
    const years = await db.kysely
      .selectFrom('zt_year')
      .select(['year', 'account_month'])
      .where('zt_id', '=', zt.id)
      .orderBy('year')
      .execute();
    const current = years.find((y) => y.year === zt.year);
    return okEnvelope({
      beginYear: years[0]?.year ?? zt.year,
      endYear: years[years.length - 1]?.year ?? zt.year,
      maxYear: years[years.length - 1]?.year ?? zt.year,
      year: zt.year,
      accountMonth: current?.account_month ?? 1,
    });
  });
}
