/**
 * Nonces this process has seen in the signature window: the in-memory first check in front of
 * the database (nonce-store.ts), so that a replay into the same process is refused without a
 * query. A nonce is only accepted with a timestamp within five minutes, so remembering each for
 * ten minutes covers its whole window.
 */
export class NonceCache {
  private readonly seen = new Map<string, number>();
  private lastSweep = 0;

  constructor(private readonly ttlMs: number) {}

  /** Records the nonce; false when it was already seen and is still remembered. */
  remember(key: string, now = Date.now()): boolean {
    this.sweep(now);
    const until = this.seen.get(key);
    if (until !== undefined && until > now) return false;
    this.seen.set(key, now + this.ttlMs);
    return true;
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < 30_000) return;
    this.lastSweep = now;
    for (const [key, until] of this.seen) if (until <= now) this.seen.delete(key);
  }
}
