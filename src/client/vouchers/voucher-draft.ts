/**
 * The local draft of the voucher being typed: written to localStorage as the user types, keyed by
 * user, ledger set and year, and offered again when the editor opens (after a reload or a crash
 * of the tab) until the voucher is saved or the draft discarded (放弃草稿).
 */
import type { VoucherLineRow } from '../../../grids/voucher.js';
import type { SavedRef, VoucherHead } from './voucher-rows.js';

export interface VoucherDraftState {
  head: VoucherHead;
  /** The tables' rows (two in a two-table voucher). */
  tables: VoucherLineRow[][];
  /** The saved voucher being changed; null for a new one. */
  saved: SavedRef | null;
  /** Item names of the lines' auxiliary keys. */
  auxiNames: [string, string][];
  /** Epoch ms of the last write. */
  at: number;
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const VERSION = 2;

export function draftKey(loginName: string, ztId: number, year: number): string {
  return `ufc-voucher-draft:${VERSION}:${loginName}:${ztId}:${year}`;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function isRow(v: unknown): v is VoucherLineRow {
  if (!isObject(v) || typeof v['rowId'] !== 'string') return false;
  const text = (k: string) => v[k] === null || typeof v[k] === 'string';
  const fen = (k: string) => v[k] === null || (typeof v[k] === 'number' && Number.isSafeInteger(v[k]));
  return (
    text('summary') &&
    text('subjectCode') &&
    text('auxis') &&
    text('originalId') &&
    text('parentId') &&
    fen('debitAmount') &&
    fen('creditAmount')
  );
}

/** The stored draft, or null when there is none or it is not readable (then it is dropped). */
export function readDraft(storage: StorageLike, key: string): VoucherDraftState | null {
  const raw = storage.getItem(key);
  if (raw === null) return null;
  try {
    const v: unknown = JSON.parse(raw);
    if (
      isObject(v) &&
      isObject(v['head']) &&
      Array.isArray(v['tables']) &&
      v['tables'].every((t) => Array.isArray(t) && t.every(isRow)) &&
      Array.isArray(v['auxiNames']) &&
      typeof v['at'] === 'number'
    ) {
      return v as unknown as VoucherDraftState;
    }
  } catch {
    // unreadable: dropped below
  }
  storage.removeItem(key);
  return null;
}

export function writeDraft(storage: StorageLike, key: string, draft: VoucherDraftState): void {
  try {
    storage.setItem(key, JSON.stringify(draft));
  } catch {
    // A full storage only loses the safety net, never the typing.
  }
}

export function clearDraft(storage: StorageLike, key: string): void {
  storage.removeItem(key);
}
