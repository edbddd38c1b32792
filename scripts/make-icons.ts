// Renders the SVG icons to the PNG sizes the web manifest lists, with headless Chromium.
// Run once after changing an icon: npx tsx scripts/make-icons.ts
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const dir = join(import.meta.dirname, '..', 'public', 'icons');
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--headless'],
});
const page = await browser.newPage();
for (const [source, sizes] of [
  ['icon.svg', [192, 512]],
  ['icon-maskable.svg', [512]],
] as const) {
  const svg = readFileSync(join(dir, source), 'utf8');
  for (const size of sizes) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
    );
    const name = source === 'icon.svg' ? `icon-${size}.png` : `icon-maskable-${size}.png`;
    await page.screenshot({
      path: join(dir, name),
      omitBackground: true,
      clip: { x: 0, y: 0, width: size, height: size },
    });
  }
}
await browser.close();
console.log('icons written');
