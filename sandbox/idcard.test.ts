import { describe, expect, it } from 'vitest';
import { checkDigit, maskIdNumber, maskName, validateIdNumber } from './idcard.js';

const TODAY = '2026-01-01';

describe('resident ID numbers (GB 11643)', () => {
  it('computes the check digit (X for 10)', () => {
    expect(checkDigit('11010519491231002')).toBe('X');
    expect(checkDigit('44052418800101001')).toBe('4');
  });

  it('accepts valid numbers and reads birth date and gender', () => {
    const a = validateIdNumber('11010519491231002x', TODAY);
    expect(a).toEqual({ ok: true, normalized: '11010519491231002X', info: { birthDate: '1949-12-31', gender: 2 } });
    const first17 = '44052419800101001';
    const b = validateIdNumber(first17 + checkDigit(first17), TODAY);
    expect(b.ok && b.info).toEqual({ birthDate: '1980-01-01', gender: 1 });
    expect(validateIdNumber('440524188001010014', TODAY)).toMatchObject({ ok: false }); // born before 1900
  });

  it('refuses a wrong check digit, length, region or birth date', () => {
    expect(validateIdNumber('110105194912310021', TODAY)).toEqual({ ok: false, message: '身份证号码校验位不正确，请核对后重新输入' });
    expect(validateIdNumber('44052418800101001X', TODAY).ok).toBe(false);
    expect(validateIdNumber('1101051949123100', TODAY)).toMatchObject({ message: '请输入18位居民身份证号码' });
    expect(validateIdNumber('990105194912310021', TODAY)).toMatchObject({ message: '身份证号码地区码不正确' });
    const feb30 = `1101051990023000${'1'}`;
    expect(validateIdNumber(feb30 + checkDigit(feb30), TODAY)).toMatchObject({ message: '身份证号码出生日期不正确' });
    const future = '11010520300101001';
    expect(validateIdNumber(future + checkDigit(future), TODAY)).toMatchObject({ message: '身份证号码出生日期不正确' });
  });

  it('masks numbers and names', () => {
    expect(maskIdNumber('110101199003071234')).toBe('110101********1234');
    expect(maskName('张晓明')).toBe('张*明');
    expect(maskName('李四')).toBe('李*');
  });
});
