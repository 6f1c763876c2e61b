/**
 * Month-end and year-end close (spec doc 1: Close-check result entity, "Close period" and "Reverse
 * close" states, calls GET /api/certificate/check, POST monthly, POST unMonthly, POST carryOver).
 * Statuses are true when the part passes. Parts the spec names but this product does not keep yet
 * (assets, intangibles, inventory, long-term amortisation) answer applicable: false.
 */

/** GET check: the months beginMonth..endMonth of year (default: the first open month .. month). */
export interface CloseCheckQuery {
  year: number;
  month: number;
  beginMonth?: number;
  endMonth?: number;
}

export interface MonthUnreviewed {
  month: number;
  unreviewCount: number;
  /** Ours: unbooked vouchers of the month (booked implies reviewed). */
  unbookCount: number;
}

export interface NumberGap {
  month: number;
  certificateType: number;
  certificateTypeName: string;
  /** The missing numbers (at most 20 listed). */
  missing: number[];
}

export interface NotApplicablePart {
  applicable: false;
  status: true;
  message: string;
}

export interface CloseCheckResult {
  /** Every applicable part passes: the page's button reads 结账. */
  flag: boolean;
  year: number;
  beginMonth: number;
  endMonth: number;
  /** Shown only when isCheckCertificateSign: vouchers with cash or bank lines signed by the cashier. */
  cashier: { status: boolean; shown: boolean; unsigned: number };
  handlerPeople: { status: boolean; shown: boolean; message: string };
  /** Openings of the year balanced (debit side equals credit side). */
  startBalance: { status: boolean; message: string; isZJ: boolean };
  endTerm: { isFinancialInstitution: boolean };
  review: {
    status: boolean;
    unReviewed: number;
    unBooked: number;
    total: number;
    reviewed: number;
    unMonthReviewed: MonthUnreviewed[];
  };
  breakNo: { status: boolean; gaps: NumberGap[] };
  /**
   * expenses / earnings: nothing left to carry in the expense / income subjects at the end of
   * endMonth. outlayId: the year-end carry-forward template (0 when none); earningsId: the month one.
   */
  carryOver: {
    status: boolean;
    skipped: boolean;
    expenses: boolean;
    earnings: boolean;
    outlayId: string | 0;
    earningsId: string | 0;
    message: string;
  };
  /** The month's trial balance balances (all vouchers). unionFundTransfer: not kept yet. */
  endInspection: { status: boolean; unionFundTransfer: boolean; message: string };
  /** December only: the year's income and expense carried into the fund balance subjects. */
  yearEndInspection: { status: boolean; applicable: boolean; unionFundTransfer: boolean; message: string };
  fixedAssetsVO: NotApplicablePart;
  intangibleAssetsVO: NotApplicablePart;
  inventoryAssetsVO: NotApplicablePart;
  longAmortionVO: NotApplicablePart;
}

/** POST monthly. isCoverNextData: in December, overwrite the openings of an existing next year. */
export interface MonthlyRequest {
  year: number;
  month: number;
  isCoverNextData?: boolean;
  /** The user accepted a balance mismatch for the session (the page's ignore button). */
  ignoreBalance?: boolean;
  /** The user confirmed that the oldest backup may go (20 kept). */
  rotateBackup?: boolean;
}

export interface MonthlyResponse {
  year: number;
  month: number;
  /** The backup taken before closing (type 41, or 43 in December). */
  backupId: string;
  /** December: what happened to the next year's openings. */
  nextYear: 'created' | 'covered' | 'kept' | null;
  accountMonth: number;
}

/** POST unMonthly: reopens month and every later closed month, latest first. */
export interface UnMonthlyRequest {
  year: number;
  month: number;
  rotateBackup?: boolean;
}

export interface UnMonthlyResponse {
  reopened: { year: number; month: number }[];
  backupId: string;
  accountMonth: number;
}

/** Ours: GET closeState → the set's years with their closed months, for the pickers. */
export interface CloseState {
  beginYear: number;
  years: { year: number; closedMonths: number[]; startMonth: number }[];
  /** The first month of the session's year not closed (13 when all are). */
  nextOpenMonth: number;
  /** A year after the session's exists (December's close then offers isCoverNextData). */
  laterYearExists: boolean;
}

/**
 * POST carryOver (spec "manual carry-over payload"): a year whose openings were not carried from
 * the year before. whetherIsManual false: the openings become the previous year's closing
 * balances now; true: the user enters them on the opening-balance page.
 */
export interface CarryOverRequest {
  whetherIsManual: boolean;
  isStateOwnedAssets?: boolean;
  isFinancialAllocation?: boolean;
  isSpecialItem?: boolean;
  isNonSpecialized?: boolean;
  subjectUndertaking?: boolean;
}
