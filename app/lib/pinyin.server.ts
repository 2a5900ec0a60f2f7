import { OutputFormat, pinyin, segment } from 'pinyin-pro';

/**
 * Authors' names for English citations: Hanyu Pinyin, surname in capitals first
 * ("WU Kaichen", "OUYANG Xiu"), as GB/T 7714-2015 writes Chinese names in Latin script.
 * Server only: the pinyin dictionary is large and has no business in the browser.
 */

const HAN_NAME = /^\p{Script=Han}{2,6}$/u;
const SURNAME_READING = { mode: 'surname', surname: 'head', toneType: 'none' } as const;

/** How many characters of a Chinese name the surname takes: 2 for 欧阳, 司马 …, else 1. */
function surnameLength(name: string): number {
  // The library's surname table knows the compound surnames; a first word that swallowed
  // the whole name is a dictionary word, not a surname.
  const head = segment(name, { ...SURNAME_READING, format: OutputFormat.ZhSegment })[0] ?? '';
  return head.length > 1 && head.length <= 2 && head.length < name.length ? head.length : 1;
}

/** Syllables of a name, the (possibly compound) surname first, read as a surname (单 Shan, 曾 Zeng). */
function surnameAndGiven(name: string): { surname: string[]; given: string[] } {
  const syllables = pinyin(name, { ...SURNAME_READING, type: 'array' });
  const length = surnameLength(name);
  return { surname: syllables.slice(0, length), given: syllables.slice(length) };
}

/**
 * A Chinese name as family and given name, for reference formats that keep the two apart
 * ("欧阳明远" → 欧阳 and 明远); null when the name is not a Chinese name in Han characters.
 */
export function chineseNameParts(name: string): { family: string; given: string } | null {
  const trimmed = name.trim();
  if (!HAN_NAME.test(trimmed)) return null;
  const length = surnameLength(trimmed);
  return { family: trimmed.slice(0, length), given: trimmed.slice(length) };
}

const capitalise = (syllable: string) => syllable.charAt(0).toUpperCase() + syllable.slice(1);

/** Syllables of one name part joined, with the apostrophe before a, o, e that Pinyin needs (Xi'an). */
function joinSyllables(syllables: string[]): string {
  return syllables.map((s, i) => (i > 0 && /^[aoe]/.test(s) ? `'${s}` : s)).join('');
}

/** "吴凯晨" → "WU Kaichen"; null when the name is not a Chinese name in Han characters. */
export function pinyinName(name: string): string | null {
  const trimmed = name.trim();
  if (!HAN_NAME.test(trimmed)) return null;
  const parts = surnameAndGiven(trimmed);
  const surname = joinSyllables(parts.surname).toUpperCase();
  return parts.given.length ? `${surname} ${capitalise(joinSyllables(parts.given))}` : surname;
}

/**
 * The English form of an author's name: the backend's own English name when it has one
 * (written either way round; the surname found by its pinyin, or by being in capitals),
 * otherwise the pinyin of the Chinese name, otherwise the name as given.
 */
export function englishAuthorName(name: string, nameEn?: string | null): string {
  const given = nameEn?.trim().replace(/\s+/g, ' ');
  if (given) return surnameFirst(given, name) ?? given;
  return pinyinName(name) ?? name.trim();
}

function surnameFirst(nameEn: string, name: string): string | null {
  const tokens = nameEn.replace(/,/g, ' ').split(' ').filter(Boolean);
  if (tokens.length < 2) return tokens[0] ? tokens[0].toUpperCase() : null;
  const isUpper = (t: string) => t === t.toUpperCase() && t !== t.toLowerCase();
  let surnameIndex = tokens.findIndex(isUpper);
  if (surnameIndex < 0 || tokens.every(isUpper)) {
    // Mixed case: the surname is the token that matches the Chinese surname's pinyin.
    const reading = pinyinName(name.trim())?.split(' ')[0]?.toLowerCase().replace(/'/g, '');
    const last = tokens.length - 1;
    surnameIndex = reading && tokens[last]?.toLowerCase().replace(/'/g, '') === reading && tokens[0]?.toLowerCase() !== reading ? last : 0;
  }
  const surname = (tokens[surnameIndex] as string).toUpperCase();
  const rest = tokens.filter((_, i) => i !== surnameIndex).map(capitalise);
  return [surname, ...rest].join(' ');
}
