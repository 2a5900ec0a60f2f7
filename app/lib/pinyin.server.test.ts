import { describe, expect, it } from 'vitest';
import { chineseNameParts, englishAuthorName, pinyinName } from './pinyin.server';

describe('Chinese names as family and given name', () => {
  it('splits off the surname, compound surnames whole', () => {
    expect(chineseNameParts('孟晨峰')).toEqual({ family: '孟', given: '晨峰' });
    expect(chineseNameParts('李静')).toEqual({ family: '李', given: '静' });
    expect(chineseNameParts('欧阳明远')).toEqual({ family: '欧阳', given: '明远' });
    expect(chineseNameParts('上官婉儿')).toEqual({ family: '上官', given: '婉儿' });
    expect(chineseNameParts('John Smith')).toBeNull();
  });
});

describe('authors in pinyin', () => {
  it('writes the surname in capitals first and the given name as one word', () => {
    expect(pinyinName('吴凯晨')).toBe('WU Kaichen');
    expect(pinyinName('方新飞')).toBe('FANG Xinfei');
    expect(pinyinName('李静')).toBe('LI Jing');
  });

  it('keeps compound surnames whole', () => {
    expect(pinyinName('欧阳修')).toBe('OUYANG Xiu');
    expect(pinyinName('司马光')).toBe('SIMA Guang');
    expect(pinyinName('诸葛亮')).toBe('ZHUGE Liang');
    expect(pinyinName('上官婉儿')).toBe("SHANGGUAN Wan'er");
  });

  it('reads surnames as surnames and separates ambiguous syllables', () => {
    expect(pinyinName('单田芳')).toBe('SHAN Tianfang');
    expect(pinyinName('曾国藩')).toBe('ZENG Guofan');
    expect(pinyinName('张西安')).toBe("ZHANG Xi'an");
  });

  it('leaves names that are not Chinese names alone', () => {
    expect(pinyinName('John Smith')).toBeNull();
    expect(englishAuthorName('John Smith')).toBe('John Smith');
    expect(englishAuthorName('  ')).toBe('');
  });

  it("prefers the backend's English name, whichever way round it is written", () => {
    expect(englishAuthorName('吴凯晨', 'Wu Kaichen')).toBe('WU Kaichen');
    expect(englishAuthorName('吴凯晨', 'Kaichen Wu')).toBe('WU Kaichen');
    expect(englishAuthorName('吴凯晨', 'Kaichen WU')).toBe('WU Kaichen');
    expect(englishAuthorName('欧阳修', 'Xiu Ouyang')).toBe('OUYANG Xiu');
    // The journal's own spelling wins over the library's reading.
    expect(englishAuthorName('单田芳', 'Dan Tianfang')).toBe('DAN Tianfang');
    expect(englishAuthorName('吴凯晨', null)).toBe('WU Kaichen');
  });
});
