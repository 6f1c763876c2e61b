import { describe, expect, it } from 'vitest';
import { timeOrderedId } from './time-ordered-id.js';

describe('timeOrderedId', () => {
  it('is a version 7 UUID whose first 48 bits are the time in milliseconds', () => {
    const at = Date.UTC(2026, 10, 21, 14, 0, 0, 123);
    const id = timeOrderedId(at);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toBe(at);
  });

  it('sorts by time as text, and ids of one millisecond differ', () => {
    const earlier = Array.from({ length: 50 }, () => timeOrderedId(1_700_000_000_000));
    const later = Array.from({ length: 50 }, () => timeOrderedId(1_700_000_000_001));
    expect(new Set([...earlier, ...later]).size).toBe(100);
    const latestEarlier = [...earlier].sort().at(-1) ?? '';
    const firstLater = [...later].sort()[0] ?? '';
    expect(latestEarlier < firstLater).toBe(true);
  });
});
