import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { summariesMatching } from './summary-search.js';

describe('summariesMatching', () => {
  it('keeps the summaries containing the trimmed keyword, case-insensitive, in order', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 6 }), { maxLength: 20 }), fc.string({ maxLength: 3 }), (texts, keyword) => {
        const list = texts.map((content, id) => ({ id, content }));
        const k = keyword.trim().toLowerCase();
        expect(summariesMatching(list, keyword)).toEqual(list.filter((s) => s.content.toLowerCase().includes(k)));
      }),
    );
    expect(summariesMatching([{ content: 'ABC 会费' }, { content: '文体' }], ' abc ')).toEqual([{ content: 'ABC 会费' }]);
  });
});
