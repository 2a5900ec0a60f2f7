// A minimal but valid one-page PDF (PDF 1.4, Helvetica, ASCII text) built in memory,
// so every article has a real file to download without shipping binaries.

export interface PdfInput {
  title: string;
  lines: string[];
}

/** PDF base fonts cannot show CJK without embedding; keep the text ASCII. */
function ascii(s: string): string {
  return s
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/[^\x20-\x7e]/g, '?');
}

function escapePdf(s: string): string {
  return ascii(s).replace(/[\\()]/g, (c) => `\\${c}`);
}

export function wrap(text: string, width = 88): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of ascii(text).split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      out.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) out.push(line);
  return out;
}

export function buildPdf({ title, lines }: PdfInput): Buffer {
  const textOps: string[] = ['BT', '/F1 15 Tf', '56 780 Td', '18 TL'];
  for (const l of wrap(title, 64)) textOps.push(`(${escapePdf(l)}) Tj T*`);
  textOps.push('/F1 10 Tf', '14 TL', 'T*');
  for (const l of lines.slice(0, 45)) textOps.push(`(${escapePdf(l)}) Tj T*`);
  textOps.push('ET');
  const stream = textOps.join('\n');

  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Title (${escapePdf(title)}) /Producer (journal portal sandbox) >>`,
  ];
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((obj, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${obj}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 6 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

// --- Chinese documents (acceptance letters, receipts) ---

export interface CjkPdfInput {
  title: string;
  /** Centred lines under the title (an article's authors and their institutions). */
  byline?: string[];
  /** Paragraphs; each is wrapped to the page width. '' gives an empty line. */
  paragraphs: string[];
  /** Right-aligned closing lines (signature, date). */
  closing?: string[];
  /** The document's Author entry, as a reader's document properties show it. */
  author?: string;
  /** The document's Keywords entry. */
  keywords?: string;
}

const PAGE_W = 595;
const MARGIN = 64;
const BODY_SIZE = 12;

/** Width in points of a character in the body font (CJK full width, ASCII half). */
const charWidth = (ch: string, size: number) => ((ch.codePointAt(0) ?? 0) < 0x80 ? size / 2 : size);

function wrapCjk(text: string, size: number, width: number, indent = 0): string[] {
  const lines: string[] = [];
  let line = '';
  let w = indent;
  for (const ch of text) {
    const cw = charWidth(ch, size);
    if (w + cw > width && line) {
      lines.push(line);
      line = '';
      w = 0;
    }
    line += ch;
    w += cw;
  }
  lines.push(line);
  return lines;
}

/** UTF-16BE hex string for the UniGB-UCS2-H encoding (BMP only; others become '?'). */
function ucs2Hex(s: string): string {
  let hex = '';
  for (const ch of s) {
    const cp = ch.codePointAt(0) ?? 63;
    hex += (cp > 0xffff ? 63 : cp).toString(16).padStart(4, '0');
  }
  return `<${hex}>`;
}

/**
 * One-page PDF with Chinese text in the standard Adobe CJK font STSong-Light (not embedded:
 * every PDF reader substitutes a Song typeface), so generated letters need no font files.
 */
export function buildCjkPdf({ title, byline = [], paragraphs, closing = [], author, keywords }: CjkPdfInput): Buffer {
  const width = PAGE_W - 2 * MARGIN;
  const ops: string[] = ['BT'];
  let y = 770;
  const line = (text: string, size: number, x: number) => {
    ops.push(`/F1 ${size} Tf`, `1 0 0 1 ${x.toFixed(1)} ${y} Tm`, `${ucs2Hex(text)} Tj`);
  };
  const titleSize = 18;
  const centred = (text: string, size: number, leading: number) => {
    for (const t of wrapCjk(text, size, width)) {
      const tw = [...t].reduce((s, ch) => s + charWidth(ch, size), 0);
      line(t, size, (PAGE_W - tw) / 2);
      y -= leading;
    }
  };
  centred(title, titleSize, 30);
  for (const b of byline) centred(b, BODY_SIZE, 20);
  y -= 10;
  for (const p of paragraphs) {
    if (!p) {
      y -= 12;
      continue;
    }
    const indented = !/^[\s\x20-\x7e]/.test(p) && !p.endsWith('：');
    wrapCjk(p, BODY_SIZE, width, indented ? 2 * BODY_SIZE : 0).forEach((l, i) => {
      if (y < 60) return;
      line(l, BODY_SIZE, MARGIN + (i === 0 && indented ? 2 * BODY_SIZE : 0));
      y -= 20;
    });
  }
  y -= 20;
  for (const c of closing) {
    const cw = [...c].reduce((s, ch) => s + charWidth(ch, BODY_SIZE), 0);
    line(c, BODY_SIZE, PAGE_W - MARGIN - cw);
    y -= 20;
  }
  ops.push('ET');
  const stream = ops.join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_W} 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>`,
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light /Encoding /UniGB-UCS2-H /DescendantFonts [7 0 R] >>',
    `<< /Title ${ucs2Hex(`\ufeff${title}`)}${author ? ` /Author ${ucs2Hex(`\ufeff${author}`)}` : ''}${keywords ? ` /Keywords ${ucs2Hex(`\ufeff${keywords}`)}` : ''} /Producer (journal portal sandbox) >>`,
    '<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 2 >> /FontDescriptor 8 0 R /DW 1000 /W [1 95 500] >>',
    '<< /Type /FontDescriptor /FontName /STSong-Light /Flags 6 /FontBBox [-25 -254 1000 880] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >>',
  ];
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((obj, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${obj}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 6 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
