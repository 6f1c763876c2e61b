/**
 * Financial-initialisation states of the session's ledger set (spec doc 1 section 4, doc 2
 * section 4). The spec names the states but not their numbers; these are ours. The server
 * computes the state, the client reacts on every route change outside the skip list.
 */
export const FinancialState = {
  Normal: 0,
  SubjectsNotInitialised: 1,
  AssetsNotInitialised: 2,
  PeriodCarryOverNeeded: 3,
  Reconciliation: 4,
  /** Recognised and deliberately ignored by the client. */
  Acknowledged: 5,
} as const;
export type FinancialStateCode = (typeof FinancialState)[keyof typeof FinancialState];

/** Routes where the check does not run (spec, both documents). */
export const FINANCIAL_CHECK_SKIP = [
  '/',
  '/encryptionDecryption',
  '/costcontrolfer',
  '/corresponding',
  '/comprehensiveCase',
  '/selecting',
  '/404',
  '/db-exe-version',
  '/403',
  '/login',
  '/oalogin',
  '/authorization',
  '/transfer',
  '/othertransfer',
  '/peaceTransfer',
  '/landInsTransfer',
  '/applyforinvoicing',
  '/entryMaterials',
] as const;

export function skipsFinancialCheck(path: string): boolean {
  return (FINANCIAL_CHECK_SKIP as readonly string[]).includes(path) || path.startsWith('/audit-system-management');
}

export const SUBJECT_START_PATH = '/accounting-management/initialization/subjectstart';
export const ASSET_INIT_PATH = '/fixed-assets/fixed-assets/assets-init';
export const VOUCHER_ADD_PATH = '/accounting-management/voucher-management/voucherAdd';
/** The transition worksheet (issue 22): where 调账 of the reconciliation dialog leads. */
export const TRANSITION_PATH = '/accounting-management/transition/subject-transition';
/** Its adjustment-voucher editor (调账凭证 of the zero period), a page of the worksheet's holders. */
export const ADJUSTMENT_VOUCHER_PATH = '/accounting-management/transition/adjustment-voucher';

/** Where the client goes for a state on a given path, or null to stay. */
export function financialStateRedirect(state: number, path: string): string | null {
  if (state === FinancialState.SubjectsNotInitialised && (path === VOUCHER_ADD_PATH || path.startsWith('/fixed-assets'))) {
    return SUBJECT_START_PATH;
  }
  if (state === FinancialState.AssetsNotInitialised && path.startsWith('/fixed-assets') && path !== ASSET_INIT_PATH) {
    return ASSET_INIT_PATH;
  }
  return null;
}
