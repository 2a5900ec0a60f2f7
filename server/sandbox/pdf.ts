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
