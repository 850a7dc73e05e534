import { chromium } from 'playwright-core';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium-headless-shell' });
const p = await b.newPage({ viewport: { width: 1280, height: 800 } });
p.on('console', (m) => console.log('console:', m.type(), m.text()));
p.on('pageerror', (e) => console.log('pageerror:', e.message));
for (let i = 0; i < 40; i++) { try { await p.goto('http://127.0.0.1:3917/'); break; } catch { await new Promise(r => setTimeout(r, 500)); } }
await p.waitForSelector('.channel');
await p.fill('#composer-input', '/phantom new seats:2 target-score:1');
await p.press('#composer-input', 'Enter');
await p.waitForSelector('text=Join', { timeout: 8000 });
await p.screenshot({ path: '/tmp/lp1/s1.png' });
await p.selectOption('#you-are', { label: 'Ben' });
await p.waitForTimeout(500);
await p.click('button.button:has-text("Join")');
await p.waitForTimeout(800);
await p.screenshot({ path: '/tmp/lp1/s2.png' });
await b.close();
