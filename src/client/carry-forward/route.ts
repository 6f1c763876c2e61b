/** Where the carry-forward template page lives (menu catalogue, router, the template picker's link). */
export const CARRY_FORWARD_PATH = '/accounting-management/voucher-management/carryForward';
