/**
 * Page models of the attachment dialog (凭证管理 → 附件) and the print dialog (凭证管理 → 打印),
 * and a look at a canvas the PDF viewer drew: its size and how much of chosen regions is ink.
 */
import { expect, type Locator, type Page } from '@playwright/test';

/** Share of dark pixels in regions of a canvas, regions given as fractions [x0, y0, x1, y1]. */
export interface CanvasLook {
  width: number;
  height: number;
  ink: number[];
}

export async function lookAtCanvas(canvas: Locator, regions: [number, number, number, number][]): Promise<CanvasLook> {
  return canvas.evaluate((node, boxes) => {
    const c = node as HTMLCanvasElement;
    const ctx = c.getContext('2d');
    if (!ctx) throw new Error('no 2d context');
    const { width, height } = c;
    const data = ctx.getImageData(0, 0, width, height).data;
    const ink = boxes.map(([x0, y0, x1, y1]) => {
      let dark = 0;
      let all = 0;
      for (let y = Math.floor(y0 * height); y < Math.floor(y1 * height); y++) {
        for (let x = Math.floor(x0 * width); x < Math.floor(x1 * width); x++) {
          const i = (y * width + x) * 4;
          const luminance = 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
          // transparent pixels count as white paper
          if (data[i + 3]! > 128 && luminance < 140) dark++;
          all++;
        }
      }
      return all === 0 ? 0 : dark / all;
    });
    return { width, height, ink };
  }, regions);
}

export class AttachmentDialogModel {
  readonly dialog: Locator;
  readonly input: Locator;
  readonly rows: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: /凭证附件/ });
    this.input = this.dialog.getByTestId('attachment-input');
    this.rows = this.dialog.locator('.attachment-list tr');
  }

  async upload(...files: { name: string; buffer: Buffer; mimeType?: string }[]): Promise<void> {
    await this.input.setInputFiles(files.map((f) => ({ mimeType: 'application/octet-stream', ...f })));
  }

  row(name: string): Locator {
    return this.rows.filter({ hasText: name });
  }

  async expectFiles(names: string[]): Promise<void> {
    await expect(this.dialog.locator('.attachment-title')).toHaveText(`附件（${names.length}）`);
    await expect(this.dialog.locator('.attachment-name')).toHaveText(names);
  }

  /** The message box saying `message` is shown; 确定 closes it. */
  async acknowledge(message: string): Promise<void> {
    const box = this.page.locator('.mb-box', { hasText: message });
    await expect(box).toBeVisible();
    await box.getByRole('button', { name: '确定' }).click();
    await expect(box).toHaveCount(0);
  }

  async close(): Promise<void> {
    await this.dialog.getByRole('button', { name: '关闭' }).click();
    await expect(this.dialog).toHaveCount(0);
  }
}

export class PrintDialogModel {
  readonly dialog: Locator;
  readonly pages: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: /打印凭证/ });
    this.pages = this.dialog.locator('canvas.pdf-page');
  }

  async choosePaper(label: RegExp): Promise<void> {
    await this.dialog.getByRole('radio', { name: label }).check();
  }

  /** Waits until the viewer has drawn `count` pages. */
  async expectRendered(count: number): Promise<void> {
    await expect(this.dialog.locator('.pdf-viewer')).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });
    await expect(this.pages).toHaveCount(count);
    for (let i = 0; i < count; i++) await expect(this.pages.nth(i)).toHaveAttribute('data-rendered', 'true');
  }
}
