/**
 * Benchmarks in Debian Chromium: a bench page built by Vite for production and served by
 * `vite preview`, the browser, desktop contexts, and the first-render marks the pages set
 * (bench/support/first-render-marks.ts).
 */
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { build, preview } from 'vite';
import { percentileOf, round } from './stats.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
}

export function desktopContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 1366, height: 800 }, locale: 'zh-CN' });
}

/** Builds the page of `configFile` and serves it on `port`. */
export async function servePage(configFile: string, port: number): Promise<{ base: string; close: () => Promise<void> }> {
  await build({ configFile, logLevel: 'warn' });
  const server = await preview({ configFile, preview: { port, strictPort: true, host: '127.0.0.1' }, logLevel: 'warn' });
  return {
    base: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.httpServer.close(() => resolve())),
  };
}

export interface FirstRender {
  rows: number;
  totals: number;
}

/** Navigation start to the frames with rows, and with totals, on screen. */
export async function firstRender(page: Page, url: string): Promise<FirstRender> {
  await page.goto(url);
  await page.waitForFunction(() => window.__bench?.totalsReady != null && window.__bench.firstRender != null, null, {
    timeout: 60_000,
  });
  return page.evaluate(() => ({ rows: window.__bench.firstRender ?? NaN, totals: window.__bench.totalsReady ?? NaN }));
}

/**
 * Cold loads: a new browser context each time (empty HTTP cache, a new renderer). One sample is
 * mostly noise on a shared 2-core machine, so the median of several is the figure.
 */
export async function coldFirstRenders(browser: Browser, url: string, runs: number): Promise<FirstRender[]> {
  const samples: FirstRender[] = [];
  for (let i = 0; i < runs; i++) {
    const fresh = await desktopContext(browser);
    samples.push(await firstRender(await fresh.newPage(), url));
    await fresh.close();
  }
  return samples;
}

/** The median of one figure of the samples, rounded to 0.01. */
export function medianOf<T>(samples: readonly T[], figure: (sample: T) => number): number {
  return round(percentileOf(samples.map(figure), 50));
}
