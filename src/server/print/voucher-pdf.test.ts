import { describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';
import { PAPER_SIZES, renderVouchersPdf, ROWS_PER_SLIP } from './voucher-pdf.js';
import { slipsOf } from './print-model.js';
import { SAMPLE_VOUCHER } from './sample-voucher.js';

async function pagesOf(pdf: Buffer): Promise<{ width: number; height: number; text: string }[]> {
  const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise;
  const out = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const [, , width, height] = page.view as [number, number, number, number];
    const content = await page.getTextContent();
    out.push({ width, height, text: content.items.map((i) => (i as TextItem).str).join('') });
  }
  await doc.destroy();
  return out;
}

const mm = (pt: number) => Math.round((pt * 25.4) / 72);

describe('voucher PDF', () => {
  it('prints on the 240 × 140 mm voucher paper with the title, header, lines, capitals and signatures', async () => {
    const pages = await pagesOf(await renderVouchersPdf([SAMPLE_VOUCHER], 'voucher'));
    expect(pages).toHaveLength(1);
    const [page] = pages;
    expect([mm(page!.width), mm(page!.height)]).toEqual([240, 140]);
    const text = page!.text.replace(/\s+/g, '');
    for (const expected of [
      '记账凭证',
      '单位：示范市第一机械厂工会',
      '2026年03月15日',
      '记字第0012号',
      '附单据3张',
      '支付职工教育培训费',
      '50101职工活动支出-职工教育支出',
      '1,234.56',
      '合计：壹仟贰佰叁拾肆元伍角陆分',
      '财务主管：张主管',
      '记账：李记账',
      '审核：王审核',
      '制单：赵会计',
      '出纳：钱出纳',
    ])
      expect(text).toContain(expected);
  });

  it('prints 金额线 when asked: the digit header over each amount, one digit a column, no thousands commas', async () => {
    const lined = (await pagesOf(await renderVouchersPdf([SAMPLE_VOUCHER], 'voucher', { moneyLines: true })))[0]!.text.replace(
      /\s+/g,
      '',
    );
    const plain = (await pagesOf(await renderVouchersPdf([SAMPLE_VOUCHER], 'voucher')))[0]!.text.replace(/\s+/g, '');
    expect(lined).toContain('借方金额');
    expect(lined.split('亿千百十万千百十元角分')).toHaveLength(3);
    expect(lined).toContain('123456');
    expect(lined).not.toContain('1,234.56');
    expect(lined).toContain('合计：壹仟贰佰叁拾肆元伍角陆分');
    expect(plain).not.toContain('亿千百十万千百十元角分');
    expect(plain).toContain('1,234.56');
  });

  it('prints A4 with two slips a page, in order', async () => {
    const second = {
      ...SAMPLE_VOUCHER,
      pzNo: 13,
      lines: [{ summary: '收到会费', subject: '10201 银行存款', debit: 5000, credit: 0 }],
    };
    const third = { ...SAMPLE_VOUCHER, pzNo: 14 };
    const pages = await pagesOf(await renderVouchersPdf([SAMPLE_VOUCHER, second, third], 'a4'));
    expect(pages.map((p) => [mm(p.width), mm(p.height)])).toEqual([
      [210, 297],
      [210, 297],
    ]);
    const first = pages[0]!.text.replace(/\s+/g, '');
    expect(first.indexOf('记字第0012号')).toBeGreaterThanOrEqual(0);
    expect(first.indexOf('记字第0013号')).toBeGreaterThan(first.indexOf('记字第0012号'));
    expect(first).toContain('合计：伍拾元整');
    expect(pages[1]!.text.replace(/\s+/g, '')).toContain('记字第0014号');
    expect(PAPER_SIZES.a4.slipsPerPage).toBe(2);
  });

  it('splits a voucher of more lines than a slip holds, totals on the last slip', async () => {
    const lines = Array.from({ length: ROWS_PER_SLIP + 2 }, (_, i) => ({
      summary: `第${i + 1}笔`,
      subject: '50101 职工教育支出',
      debit: 100,
      credit: 0,
    }));
    const long = {
      ...SAMPLE_VOUCHER,
      lines: [...lines, { summary: '合计付款', subject: '10201 银行存款', debit: 0, credit: 700 }],
    };
    const slips = slipsOf(long, ROWS_PER_SLIP);
    expect(slips.map((s) => [s.index, s.count, s.lines.length, s.totalLabel, s.debitTotal])).toEqual([
      [1, 2, 5, '过次页', 500],
      [2, 2, 3, '合计：柒元整', 700],
    ]);
    const pages = await pagesOf(await renderVouchersPdf([long], 'voucher'));
    expect(pages).toHaveLength(2);
    expect(pages[0]!.text.replace(/\s+/g, '')).toContain('记字第0012号（1/2）');
    expect(pages[0]!.text).toContain('过次页');
    expect(pages[1]!.text.replace(/\s+/g, '')).toContain('合计：柒元整');
  });

  it('embeds the CJK font subset, so the file stays small', async () => {
    const pdf = await renderVouchersPdf([SAMPLE_VOUCHER], 'voucher');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toMatch(/\/FontFile[23]?/);
    expect(pdf.length).toBeLessThan(200_000);
  });
});
