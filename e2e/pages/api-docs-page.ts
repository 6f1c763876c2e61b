import { expect, type Locator, type Page } from '@playwright/test';
import { Paths } from '../../src/shared/api/paths.js';

/** The API documentation (Swagger UI) in the tab the header's API文档 opens. */
export class ApiDocsPage {
  readonly title: Locator;
  readonly description: Locator;

  constructor(readonly page: Page) {
    this.title = page.locator('.swagger-ui .info .title');
    this.description = page.locator('.swagger-ui .info .description');
  }

  /** Clicks API文档 in the header and takes the tab it opens. */
  static async openFrom(app: Page): Promise<ApiDocsPage> {
    const [tab] = await Promise.all([
      app.context().waitForEvent('page'),
      app.getByRole('navigation', { name: '用户操作' }).getByRole('button', { name: 'API文档' }).click(),
    ]);
    await tab.waitForURL((url) => url.pathname === Paths.apiDocs);
    return new ApiDocsPage(tab);
  }

  async expectRendered(): Promise<void> {
    await expect(this.title).toContainText('工会财务云 API');
    await expect(this.description.getByRole('heading', { name: 'Signing calls' })).toBeVisible();
  }

  /** The section of an area (a tag), with its operations listed once opened. */
  area(name: string): Locator {
    return this.page.locator('.opblock-tag-section').filter({ has: this.page.locator(`h3[data-tag="${name}"]`) });
  }

  async openArea(name: string): Promise<Locator> {
    const section = this.area(name);
    await section.locator('h3').click();
    return section;
  }
}
