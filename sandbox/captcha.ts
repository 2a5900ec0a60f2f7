// SVG image captcha: 4 characters, jittered and rotated, with noise lines and dots.
import { randomInt } from 'node:crypto';

const W = 120;
const H = 40;
const COLORS = ['#1c64d6', '#d6361c', '#2b8a3e', '#7048e8', '#c2255c', '#e67700'];

const esc = (c: string) => c.replace(/&/g, '&amp;').replace(/</g, '&lt;');

export function captchaSvg(text: string): string {
  const parts: string[] = [`<rect width="${W}" height="${H}" fill="#f3f6fb"/>`];
  for (let i = 0; i < 5; i++) {
    parts.push(
      `<path d="M${randomInt(0, 30)} ${randomInt(0, H)} Q${randomInt(30, 90)} ${randomInt(0, H)} ${randomInt(90, W)} ${randomInt(0, H)}" ` +
        `stroke="${COLORS[randomInt(0, COLORS.length)]}" stroke-width="${randomInt(1, 3)}" fill="none" opacity="0.6"/>`,
    );
  }
  for (let i = 0; i < 30; i++) {
    parts.push(`<circle cx="${randomInt(0, W)}" cy="${randomInt(0, H)}" r="1" fill="${COLORS[randomInt(0, COLORS.length)]}"/>`);
  }
  [...text].forEach((ch, i) => {
    const x = 14 + i * 26 + randomInt(-3, 4);
    const y = 29 + randomInt(-4, 5);
    parts.push(
      `<text x="${x}" y="${y}" font-family="Verdana, Arial, sans-serif" font-size="${randomInt(22, 28)}" font-weight="bold" ` +
        `fill="${COLORS[randomInt(0, COLORS.length)]}" transform="rotate(${randomInt(-25, 26)} ${x} ${y})">${esc(ch)}</text>`,
    );
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${parts.join('')}</svg>`;
}
