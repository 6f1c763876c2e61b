import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PAGE_SIZES } from '../../../shared/constants.js';
import { FIRST_PAGE, pageCount } from './Pager.js';

describe('the user-center pager', () => {
  it('starts on page 1 of 20', () => {
    expect(FIRST_PAGE).toEqual({ pageIndex: 1, pageSize: 20 });
  });

  it('counts pages so that every item is on exactly one, and an empty list has one page', () => {
    fc.assert(
      fc.property(fc.nat(10_000), fc.constantFrom(...PAGE_SIZES), (total, size) => {
        const pages = pageCount(total, size);
        expect(pages).toBeGreaterThanOrEqual(1);
        expect((pages - 1) * size).toBeLessThanOrEqual(Math.max(0, total - 1));
        expect(pages * size).toBeGreaterThanOrEqual(total);
      }),
    );
  });
});
