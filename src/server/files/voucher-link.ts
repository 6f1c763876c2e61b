/**
 * What the attachment calls need to know of a voucher, and the one thing they change on it: the
 * attached-document count (numberOfDocument) becomes at least the number of its attachments.
 * Kept behind this interface so the file store works and is tested on its own.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export interface VoucherState {
  id: string;
  ztId: number;
  /** Reviewed or booked: its attachments are fixed. */
  locked: boolean;
  /** Its period is closed. */
  closed: boolean;
  numberOfDocument: number;
  /**
   * An adjustment voucher of the transition's zero period (transition_voucher): its files are changed with the
   * worksheet's 调账凭证 button and read with the worksheet page, and it is locked once the set is reconciled.
   */
  zero?: boolean;
}

export interface VoucherLink {
  /** The set's voucher with this id, or null. */
  find(db: Kysely<Database>, ztId: number, voucherId: string): Promise<VoucherState | null>;
  /** Whether another set has a voucher with this id (asked only to refuse it with 4005). */
  inAnotherSet(db: Kysely<Database>, ztId: number, voucherId: string): Promise<boolean>;
  /** Sets numberOfDocument to at least `count`; answers the count it now has. */
  raiseDocumentCount(db: Kysely<Database>, voucher: VoucherState, count: number): Promise<number>;
}

/** Before vouchers exist: no voucher is found. */
export const noVouchers: VoucherLink = {
  find: () => Promise.resolve(null),
  inAnotherSet: () => Promise.resolve(false),
  raiseDocumentCount: (_db, voucher) => Promise.resolve(voucher.numberOfDocument),
};
