/**
 * Month-end and year-end close: the shapes of the calls, declared once as schemas in
 * ./schemas/close.ts (field meanings, units and defaults are described there).
 */
export type {
  CarryOverRequest,
  CloseCheckQuery,
  CloseCheckResult,
  CloseState,
  MonthlyRequest,
  MonthlyResponse,
  MonthUnreviewed,
  NewYearResponse,
  NotApplicablePart,
  NumberGap,
  UnMonthlyRequest,
  UnMonthlyResponse,
} from './schemas/close.js';
