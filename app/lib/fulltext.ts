/**
 * The full text of an article as the page sets it (docs/product.md#article-page): in-text
 * reference marks ([1], [1,3], [2-4]) become links to their entries, each occurrence with
 * its own anchor so an entry can link back to every place that cites it; references are
 * split into text and links (DOI, web address).
 */

export type Segment = { kind: 'text'; text: string } | { kind: 'cite'; marks: CiteMark[]; separators: string[] };

/** One number of a mark: the entry it links to, and the anchor of this occurrence (when it is drawn as a link). */
export interface CiteMark {
  n: number;
  /** `cite-3-a`: the anchor of this link; for numbers inside a range, the anchor of the range's first number. */
  anchor: string;
  /** Drawn as a link (range ends and listed numbers); numbers inside a range are implied. */
  shown: boolean;
}

export interface SetParagraph {
  segments: Segment[];
}

export interface SetFullText {
  sections: { id: string; heading: string; paragraphs: SetParagraph[] }[];
  /** Per reference (index n-1): the anchors that cite it, in reading order. */
  citedFrom: string[][];
}

const MARK = /\[(\d{1,3}(?:\s*[-–—~～,，、]\s*\d{1,3})*)\]/g;

/** Letters for the occurrences of a reference: a, b, … z, then 27, 28 … */
function occurrence(index: number): string {
  return index < 26 ? String.fromCharCode(97 + index) : String(index + 1);
}

/** The numbers a mark names, with ranges flagged; null when it is not a reference mark (out of range, backwards). */
function readMark(body: string, count: number): { numbers: { n: number; shown: boolean }[]; separators: string[] } | null {
  const parts = body.split(/\s*([-–—~～,，、])\s*/);
  const values = parts.filter((_, i) => i % 2 === 0).map(Number);
  const separators = parts.filter((_, i) => i % 2 === 1).map((s) => (/[-–—~～]/.test(s) ? '–' : ','));
  if (values.some((v) => !Number.isInteger(v) || v < 1 || v > count)) return null;
  if (separators.some((s, i) => s === '–' && values[i + 1]! <= values[i]!)) return null;
  const numbers: { n: number; shown: boolean }[] = [];
  values.forEach((value, i) => {
    if (i > 0 && separators[i - 1] === '–') for (let n = values[i - 1]! + 1; n < value; n++) numbers.push({ n, shown: false });
    numbers.push({ n: value, shown: true });
  });
  return { numbers, separators };
}

/** Sections with ids `sec-1` …, paragraphs with their marks linked, and the back-links of each reference. */
export function setFullText(sections: { heading: string; paragraphs: string[] }[], referenceCount: number): SetFullText {
  const citedFrom: string[][] = Array.from({ length: referenceCount }, () => []);
  const setParagraph = (text: string): SetParagraph => {
    const segments: Segment[] = [];
    let last = 0;
    for (const match of text.matchAll(MARK)) {
      const read = readMark(match[1] ?? '', referenceCount);
      if (!read) continue;
      if (match.index > last) segments.push({ kind: 'text', text: text.slice(last, match.index) });
      const marks: CiteMark[] = [];
      let rangeAnchor = '';
      for (const { n, shown } of read.numbers) {
        const seen = citedFrom[n - 1]!;
        const anchor = shown ? `cite-${n}-${occurrence(seen.length)}` : rangeAnchor;
        if (shown) rangeAnchor = anchor;
        seen.push(anchor);
        marks.push({ n, anchor, shown });
      }
      segments.push({ kind: 'cite', marks, separators: read.separators });
      last = match.index + match[0].length;
    }
    if (last < text.length) segments.push({ kind: 'text', text: text.slice(last) });
    return { segments };
  };
  return {
    sections: sections
      .filter((s) => s.paragraphs.some((p) => p.trim()))
      .map((s, index) => ({ id: `sec-${index + 1}`, heading: s.heading, paragraphs: s.paragraphs.filter((p) => p.trim()).map(setParagraph) })),
    citedFrom,
  };
}

export type ReferencePart = { kind: 'text'; text: string } | { kind: 'doi'; doi: string; href: string } | { kind: 'url'; href: string };

/** A DOI or a web address ends at white space, a closing full stop, or a character no address has unescaped. */
const LINKS = /(DOI:\s*)(10\.\d{4,9}\/[^\s<>"']+?)(?=\.?(?:[\s<>"']|$))|(https?:\/\/[^\s<>"']+?)(?=\.?(?:[\s<>"']|$))/gi;

/** A reference without its printed number ("[3] ", "3. "), split into text, DOI and web links. */
export function referenceParts(reference: string): ReferencePart[] {
  const text = reference.trim().replace(/^(?:\[\d+\]|\d+[.、])\s*/, '');
  const parts: ReferencePart[] = [];
  let last = 0;
  for (const match of text.matchAll(LINKS)) {
    const [whole, label, doi, url] = match;
    const start = match.index + (label?.length ?? 0);
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    if (doi) parts.push({ kind: 'doi', doi, href: `https://doi.org/${doi}` });
    else if (url) parts.push({ kind: 'url', href: url });
    last = match.index + whole.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}
