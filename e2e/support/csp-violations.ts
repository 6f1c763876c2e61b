import type { BrowserContext, Page } from '@playwright/test';

interface Violation {
  directive: string;
  blocked: string;
  sample: string;
}

/**
 * Collects every Content-Security-Policy violation of the context's pages, those opened later (a
 * new tab) included: the events each page reports, and the console's reports of them (workers
 * included). Returns what one page has seen so far.
 */
export async function watchViolations(context: BrowserContext): Promise<(page: Page) => Promise<string[]>> {
  await context.addInitScript(() => {
    const seen: Violation[] = [];
    (window as unknown as { __violations: Violation[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push({ directive: e.violatedDirective, blocked: e.blockedURI, sample: e.sample }),
    );
  });
  const consoleReports = new Map<Page, string[]>();
  const listen = (page: Page) =>
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text()))
        consoleReports.set(page, [...(consoleReports.get(page) ?? []), message.text()]);
    });
  context.pages().forEach(listen);
  context.on('page', listen);
  return async (page) => {
    const events = await page.evaluate(() => (window as unknown as { __violations?: Violation[] }).__violations ?? []);
    return [...events.map((v) => `${v.directive} ${v.blocked} ${v.sample}`), ...(consoleReports.get(page) ?? [])];
  };
}
