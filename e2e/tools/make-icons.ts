/**
 * `npm run icons`: renders assets/icon.svg to every PNG size the platforms want (assets/icons/NxN.png),
 * with Debian's Chromium (no image tools needed). The PNGs are committed; run this after changing the SVG.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium } from '@playwright/test';

const SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];
const svg = readFileSync(resolve('assets/icon.svg'), 'utf8');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (const size of SIZES) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
    );
    await page.screenshot({ path: resolve(`assets/icons/${size}x${size}.png`), omitBackground: true });
    await page.close();
  }
  console.log(`wrote assets/icons/{${SIZES.map((s) => `${s}x${s}`).join(',')}}.png`);
} finally {
  await browser.close();
}
