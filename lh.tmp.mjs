const { default: lighthouse } = await import('lighthouse');
const chromeLauncher = await import('chrome-launcher');
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
for (const path of process.argv[2].split(',')) {
const result = await lighthouse('http://127.0.0.1:3300' + path, { port: chrome.port, output: 'json', logLevel: 'error' });
const cats = Object.fromEntries(Object.entries(result.lhr.categories).map(([k, c]) => [k, Math.round(c.score * 100)]));
console.log(path, cats);
for (const a of Object.values(result.lhr.audits)) if (a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary') { console.log('FAIL', a.id); for (const item of (a.details?.items ?? []).slice(0, 4)) console.log('  ', JSON.stringify(item).slice(0, 300)); }
}
await chrome.kill();
