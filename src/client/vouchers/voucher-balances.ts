/**
 * The balances shown under the voucher's subjects, fetched for the period of the voucher on
 * screen: one request per subject however many lines name it (a 2,000-line voucher on 60
 * subjects asked 2,000 times), and an answer that arrives after another voucher took the screen
 * is dropped (it was for the other voucher's period).
 */
import type { SubjectBalanceResponse } from '../../shared/api/vouchers.js';
import type { VoucherLookupStore } from './voucher-cells.js';

export type FetchBalance = (code: string, year: number, month: number) => Promise<SubjectBalanceResponse>;

interface Round {
  year: number;
  month: number;
  asked: Set<string>;
}

export class SubjectBalances {
  private round: Round = { year: 0, month: 12, asked: new Set() };
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly store: VoucherLookupStore,
    private readonly fetchBalance: FetchBalance,
  ) {}

  /** Called after answers arrived (once per batch of them); returns the unsubscribe. */
  listen(onArrived: () => void): () => void {
    this.listeners.add(onArrived);
    return () => this.listeners.delete(onArrived);
  }

  /** Another voucher on screen: its period; balances held or asked for the previous one are forgotten. */
  startVoucher(year: number, month: number, codes: Iterable<string | null>): void {
    this.round = { year, month, asked: new Set() };
    this.ask(codes);
  }

  /** Asks for the balances of the last-level subjects among codes that are neither held nor asked. */
  ask(codes: Iterable<string | null>): void {
    const round = this.round;
    const wanted = [...new Set(codes)].filter(
      (code): code is string =>
        !!code && !this.store.balances().has(code) && !round.asked.has(code) && !!this.store.subjects().get(code)?.lastLevel,
    );
    if (wanted.length === 0) return;
    for (const code of wanted) round.asked.add(code);
    void Promise.all(
      wanted.map((code) =>
        this.fetchBalance(code, round.year, round.month).then(
          (balance) => {
            if (this.round === round) this.store.setBalance(balance);
          },
          () => {
            // The balance is a help, not a condition of entry: it is asked again with the next change.
            round.asked.delete(code);
          },
        ),
      ),
    ).then(() => {
      if (this.round === round) for (const listener of this.listeners) listener();
    });
  }
}
