/**
 * The one computation of a month's depreciation or amortisation (2021 union system, S1 第三十五条 and 第四十条):
 * straight line by month, no residual value; an asset added in a month is depreciated that same month (当月增加，当月
 * 计提), one that leaves in a month is not depreciated that month (当月减少，当月不再计提); once fully depreciated
 * nothing more, and the classes the rule exempts (land, 文物和陈列品, 动植物, 图书档案, 名义金额) never.
 *
 * The monthly amount is the original value over the service life in months, rounded half up to the fen; the last
 * month of the life takes whatever is left, so that over the whole life the provisions add up to the original value
 * to the fen, whatever the rounding. A card keyed at initialisation with depreciation already accumulated goes on from
 * where it stands: the same monthly amount, never past its original value.
 * Everything is integer fen; the server's run and the client's preview both call this.
 */

export interface ProvisionBasis {
  /** Original value (原值), fen. */
  originalFen: number;
  /** Depreciation or amortisation accumulated before the month asked, fen (the card's opening plus earlier months). */
  accumulatedFen: number;
  /** Estimated service life in months (预计使用月数); 0 or less means never depreciated (使用年限不确定). */
  lifeMonths: number;
  /** Activation date, yyyy-MM-dd (启用日期). */
  activationDate: string;
  /** False for a category the rule exempts (land, 文物, 图书档案 …). */
  depreciates: boolean;
  /** The year-month index (year * 12 + month - 1) of the month the asset left, or null while it is held. */
  leftMonthIndex?: number | null;
}

export function monthIndex(year: number, month: number): number {
  return year * 12 + (month - 1);
}

export function monthIndexOfDate(date: string): number {
  const [y, m] = date.split('-').map(Number);
  return monthIndex(y ?? 0, m ?? 1);
}

/** The monthly amount of the straight line, rounded half up to the fen. */
export function monthlyAmount(originalFen: number, lifeMonths: number): number {
  if (lifeMonths <= 0 || originalFen <= 0) return 0;
  return Math.floor((originalFen * 2 + lifeMonths) / (lifeMonths * 2));
}

/** The amount to provide for (year, month), fen; 0 when nothing is due. */
export function provisionFor(basis: ProvisionBasis, year: number, month: number): number {
  if (!basis.depreciates || basis.lifeMonths <= 0 || basis.originalFen <= 0) return 0;
  const current = monthIndex(year, month);
  const start = monthIndexOfDate(basis.activationDate);
  if (current < start) return 0;
  if (basis.leftMonthIndex !== undefined && basis.leftMonthIndex !== null && current >= basis.leftMonthIndex) return 0;
  const remaining = basis.originalFen - basis.accumulatedFen;
  if (remaining <= 0) return 0;
  const nth = current - start + 1;
  if (nth >= basis.lifeMonths) return remaining;
  return Math.min(monthlyAmount(basis.originalFen, basis.lifeMonths), remaining);
}

/**
 * The schedule from activation through (year, month), starting from no accumulation: for a hand-worked example or a
 * card's catch-up depreciation (补提折旧) at initialisation.
 */
export function accumulatedThrough(basis: Omit<ProvisionBasis, 'accumulatedFen'>, year: number, month: number): number {
  let accumulated = 0;
  const start = monthIndexOfDate(basis.activationDate);
  const end = monthIndex(year, month);
  for (let i = start; i <= end; i++) {
    accumulated += provisionFor({ ...basis, accumulatedFen: accumulated }, Math.floor(i / 12), (i % 12) + 1);
  }
  return accumulated;
}
