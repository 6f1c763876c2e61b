import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';
import { describe, expect, it } from 'vitest';
import { renderTablePdf, type TableDocument } from './table-pdf.js';

const table = (rows: number): TableDocument => ({
  title: '测试表',
  unit: '测试单位',
  period: '2026年3月',
  orientation: 'portrait',
  columns: [
    { header: '名称', width: 3, align: 'left' },
    { header: '借方', group: 'g', width: 1, align: 'right' },
    { header: '贷方', group: 'g', width: 1, align: 'right' },
  ],
  groups: [{ id: 'g', header: '本期发生额' }],
  rows: Array.from({ length: rows }, (_, i) => ({ cells: [`行${i + 1}`, '1,000.00', ''], indent: i % 2 })),
});

async function pages(pdf: Buffer): Promise<string[]> {
  const doc = await getDocument({ data: new Uint8Array(pdf) }).promise;
  const out: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    out.push(
      content.items
        .map((i) => (i as TextItem).str)
        .join('')
        .replace(/\s+/g, ''),
    );
  }
  await doc.destroy();
  return out;
}

describe('renderTablePdf', () => {
  it('repeats the title and the grouped headings on every page, numbered 第 N 页 共 M 页', async () => {
    const text = await pages(await renderTablePdf(table(120)));
    expect(text.length).toBeGreaterThanOrEqual(3);
    text.forEach((page, i) => {
      expect(page).toContain('测试表编制单位：测试单位2026年3月单位：元名称本期发生额借方贷方');
      expect(page).toContain(`第${i + 1}页共${text.length}页`);
    });
    const all = text.join('');
    for (const n of [1, 60, 120]) expect(all).toContain(`行${n}1,000.00`);
  });

  it('lets the event loop turn while a long table is laid out', async () => {
    let turns = 0;
    let counting = true;
    const tick = () => {
      turns++;
      if (counting) setImmediate(tick);
    };
    setImmediate(tick);
    await renderTablePdf(table(2000));
    counting = false;
    // 2,000 rows yield every 200 rows: at least 9 turns (none would run during a synchronous layout).
    expect(turns).toBeGreaterThanOrEqual(9);
  });
});
