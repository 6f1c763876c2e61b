/** The auth-info answer of getInfo (spec doc 1 section 3). */
import type { AuthInfo } from '../../shared/api/auth.js';
import {
  FINANCIAL_INSTITUTION_GOVERNMENT,
  FINANCIAL_INSTITUTION_NEW,
  financialInstitutionOf,
  UPLOAD_MAX_BYTES,
} from '../../shared/constants.js';
import type { Db } from '../db/database.js';
import { grantsFor, isUserCenter } from '../admin/menus.js';
import { workingMonthOf } from '../vouchers/periods.js';
import type { AuthContext } from './guard.js';

const FINANCIAL_LIST = [
  { financialValue: FINANCIAL_INSTITUTION_NEW, name: '工会会计制度（2021）' },
  { financialValue: FINANCIAL_INSTITUTION_GOVERNMENT, name: '政府会计制度' },
];

export async function buildAuthInfo(db: Db, auth: AuthContext): Promise<AuthInfo> {
  const { user, zt } = auth;
  const grants = await grantsFor(db, user, zt);
  const level =
    zt?.levelId != null
      ? await db.kysely.selectFrom('user_level').select('name').where('id', '=', zt.levelId).executeTakeFirst()
      : undefined;
  const month = zt ? await workingMonthOf(db.kysely, zt.id, zt.year) : null;
  return {
    loginName: user.login_name,
    name: user.name,
    isAdmin: !!user.is_admin,
    year: zt?.year ?? null,
    ztId: zt?.id ?? null,
    workingMonth: month,
    ztName: zt?.name ?? null,
    userLevel: level?.name ?? (user.is_admin ? '管理员' : null),
    financialInstitution: zt ? financialInstitutionOf(zt.accountingSystem) : null,
    accountingSystem: zt?.accountingSystem ?? null,
    fileUploadContentLength: UPLOAD_MAX_BYTES,
    fileUploadAllContentLength: 1024 * 1024 * 1024,
    userZtData: zt ? { name: zt.name, isOpenLocalizationPrint: false } : null,
    voucherTemplate: zt?.accountingSystem === 'government' ? 'coustomVoucherZhejiang' : null,
    whetherOpenMonthEndCarryover: false,
    resources: {
      usercenter: grants.resources.filter((r) => isUserCenter(r.href)),
      financial: grants.resources.filter((r) => !isUserCenter(r.href)),
    },
    keyCode: null,
    whetherOpenSecretKey: false,
    isDeptLocalizationPrint: false,
    isZJ: zt?.accountingSystem === 'union-county',
    isStreetAccounting: false,
    isCheckCertificateSign: false,
    platMenuList: grants.menus,
    financialList: FINANCIAL_LIST,
  };
}
