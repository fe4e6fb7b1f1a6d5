/**
 * `npx tsx scripts/make-brand-images.ts`: draws the app icons and the social
 * share image as HTML in the system Chromium and saves screenshots under
 * public/. Run it again after changing the logo or the share text; the PNGs
 * are committed so the build needs no browser.
 */
import fs from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { HEADLINE, PRODUCT, SPLASH_TAGLINE } from "../shared/content/site";
import { findChromium } from "./chromium";

const LOGO_PATHS = `
  <path d="M20 2C10 2 2 9.4 2 18.5c0 5 2.4 9.4 6.2 12.4L6.5 38l8-4.2c1.7.5 3.6.7 5.5.7 10 0 18-7.4 18-16S30 2 20 2Z" fill="#ffffff"/>
  <path d="M14 26c0-7 4-12.5 10.5-12.5 3.5 0 6 2.3 6 5.2 0 2-1.3 3.6-3.3 4.1-1.6-2.6-4.6-2.3-5.8.2-.9 1.8-.4 4.9-.4 6.5H14Z" fill="#fbbf24"/>
  <circle cx="25.5" cy="18" r="1.6" fill="#064e3b"/>
  <path d="M30.5 18.7c1.8.4 3 1.8 3 3.6 0 1.2-.6 2.3-1.6 3-0.3-2-1.2-3.4-2.6-4.3.7-.6 1.1-1.4 1.2-2.3Z" fill="#f97316"/>`;

const logo = (size: number) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40" width="${size}" height="${size}">${LOGO_PATHS}</svg>`;

/** An icon: the mark on the brand green; `inset` is the share of the side left as margin (maskable icons need a safe zone). */
const iconHtml = (size: number, inset: number, rounded: boolean) => `<!doctype html><html><body style="margin:0">
<div style="width:${size}px;height:${size}px;background:#047857;display:flex;align-items:center;justify-content:center;${rounded ? `border-radius:${size * 0.22}px` : ""}">
${logo(Math.round(size * (1 - 2 * inset)))}</div></body></html>`;

const shareHtml = `<!doctype html><html><body style="margin:0;font-family:'DejaVu Sans',Arial,sans-serif">
<div style="width:1200px;height:630px;box-sizing:border-box;padding:80px 90px;background:#065f46;color:#fff;display:flex;flex-direction:column;justify-content:space-between">
  <div style="display:flex;align-items:center;gap:28px">${logo(120)}<span style="font-size:64px;font-weight:800;letter-spacing:-1px">${PRODUCT}</span></div>
  <div>
    <div style="font-size:68px;font-weight:800;line-height:1.1;letter-spacing:-1.5px;max-width:1000px">${HEADLINE}</div>
    <div style="margin-top:28px;font-size:34px;color:#fcd34d;font-weight:700">${SPLASH_TAGLINE}</div>
  </div>
  <div style="font-size:28px;color:#d1fae5">24x7 WhatsApp assistant · Ready in 72 hours · No setup fees</div>
</div></body></html>`;

const outDir = path.resolve("public");
const targets: { file: string; html: string; width: number; height: number }[] = [
  { file: "icon-192.png", html: iconHtml(192, 0.12, false), width: 192, height: 192 },
  { file: "icon-512.png", html: iconHtml(512, 0.12, false), width: 512, height: 512 },
  { file: "icon-maskable-512.png", html: iconHtml(512, 0.22, false), width: 512, height: 512 },
  { file: "apple-touch-icon.png", html: iconHtml(180, 0.12, false), width: 180, height: 180 },
  { file: "og-image.png", html: shareHtml, width: 1200, height: 630 },
];

const browser = await chromium.launch({ executablePath: findChromium(), args: ["--no-sandbox", "--disable-gpu"] });
try {
  for (const t of targets) {
    const page = await browser.newPage({ viewport: { width: t.width, height: t.height } });
    await page.setContent(t.html);
    const png = await page.screenshot({ type: "png", clip: { x: 0, y: 0, width: t.width, height: t.height } });
    fs.writeFileSync(path.join(outDir, t.file), png);
    console.log(`${t.file}: ${t.width}x${t.height}, ${(png.length / 1024).toFixed(1)} KiB`);
    await page.close();
  }
} finally {
  await browser.close();
}
