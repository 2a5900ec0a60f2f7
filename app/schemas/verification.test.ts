import { describe, expect, it } from 'vitest';
import {
  feedbackSchema,
  idCheckDigit,
  identitySchema,
  invoiceSchema,
  maskIdNumber,
  maskTaxpayerNo,
  residentIdProblem,
  scholarSchema,
  taxpayerNoProblem,
  usccCheckChar,
  verificationMessages as m,
} from './verification';

const TODAY = '2026-01-15';

describe('resident ID numbers (GB 11643)', () => {
  it.each(['11010519491231002X', '440301199001011234', '320102198506150073', '11010519491231002x'])('accepts %s', (id) => {
    expect(residentIdProblem(id, TODAY)).toBeNull();
  });

  it('computes the ISO 7064 MOD 11-2 check digit, X for 10', () => {
    expect(idCheckDigit('11010519491231002')).toBe('X');
    expect(idCheckDigit('44030119900101123')).toBe('4');
  });

  it('refuses a wrong check digit', () => {
    expect(residentIdProblem('440301199001011235', TODAY)).toBe(m.idNumberCheck);
    expect(residentIdProblem('110105194912310021', TODAY)).toBe(m.idNumberCheck);
  });

  it('refuses an unknown region', () => {
    // 99 is no province; the check digit is right for the first 17 digits.
    const first17 = '99030119900101123';
    expect(residentIdProblem(first17 + idCheckDigit(first17), TODAY)).toBe(m.idNumberRegion);
  });

  it.each([
    ['a 30 February', '44030119900230123'],
    ['month 13', '44030119901301123'],
    ['a year before 1900', '44030118991231123'],
    ['a birth date in the future', '44030120260601123'],
  ])('refuses %s', (_label, first17) => {
    expect(residentIdProblem(first17 + idCheckDigit(first17), TODAY)).toBe(m.idNumberBirth);
  });

  it.each(['', '44030119900101123', '4403011990010112345', '44030119900101123A', '４４0301199001011234'])('refuses the shape of %j', (id) => {
    expect(residentIdProblem(id, TODAY)).toBe(m.idNumberFormat);
  });

  it('masks all but the region and the last four', () => {
    expect(maskIdNumber('110101199003071234')).toBe('110101********1234');
    expect(maskIdNumber('110101********1234')).toBe('110101********1234');
  });

  it('the schema upper-cases the X and explains what is wrong', () => {
    expect(identitySchema.parse({ realName: '张晓明', idNumber: ' 11010519491231002x ' })).toEqual({ realName: '张晓明', idNumber: '11010519491231002X' });
    const bad = identitySchema.safeParse({ realName: 'Zhang', idNumber: '440301199001011235' });
    expect(bad.success).toBe(false);
    const messages = Object.fromEntries(bad.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({ realName: m.realNameInvalid, idNumber: m.idNumberCheck });
    expect(identitySchema.safeParse({}).error!.issues.map((i) => i.message)).toEqual([m.realNameRequired, m.idNumberRequired]);
  });
});

describe('taxpayer numbers (统一社会信用代码, GB 32100)', () => {
  it.each(['12100000400000624D', '91110000802100433B', '91350100M000000000'])('accepts %s', (code) => {
    expect(taxpayerNoProblem(code)).toBeNull();
  });

  it('computes the check character over the 31-character alphabet', () => {
    expect(usccCheckChar('12100000400000624')).toBe('D');
    expect(usccCheckChar('91350100M00000000')).toBe('0');
  });

  it('refuses a wrong check character', () => {
    expect(taxpayerNoProblem('12100000400000624E')).toBe(m.taxpayerCheck);
    expect(taxpayerNoProblem('911100008021004330')).toBe(m.taxpayerCheck);
  });

  it.each([
    ['too short', '1210000040000062'],
    ['15 characters (old numbers)', '110108700000001'],
    ['a letter I, O, Z, S or V', '9111000080210043IB'],
    ['letters in the region code', '91A10000802100433B'],
    ['lower-case in the middle stays wrong after the shape check', '9111000080210043-B'],
  ])('refuses %s', (_label, code) => {
    expect(taxpayerNoProblem(code)).toBe(m.taxpayerFormat);
  });

  it('masks all but the first and last four', () => {
    expect(maskTaxpayerNo('12100000400000624D')).toBe('1210**********624D');
  });
});

describe('invoicing information', () => {
  it('a personal invoice needs no taxpayer number', () => {
    expect(invoiceSchema.safeParse({ type: '1', title: '张晓明' }).success).toBe(true);
  });

  it('a company invoice needs a valid one, unless one is saved', () => {
    const missing = invoiceSchema.safeParse({ type: '2', title: '中国人民大学' });
    expect(missing.error!.issues).toMatchObject([{ path: ['taxpayerNo'], message: m.taxpayerRequired }]);
    expect(invoiceSchema.safeParse({ type: '2', title: '中国人民大学', keepTaxpayerNo: '1' }).success).toBe(true);
    const bad = invoiceSchema.safeParse({ type: '2', title: '中国人民大学', taxpayerNo: '12100000400000624E', keepTaxpayerNo: '1' });
    expect(bad.error!.issues).toMatchObject([{ path: ['taxpayerNo'], message: m.taxpayerCheck }]);
    expect(invoiceSchema.parse({ type: '2', title: '中国人民大学', taxpayerNo: '12100000400000624d' }).taxpayerNo).toBe('12100000400000624D');
  });

  it('checks the optional fields', () => {
    const bad = invoiceSchema.safeParse({ type: '1', title: '张晓明', phone: 'abc', account: '12', email: 'x@' });
    expect(bad.error!.issues.map((i) => i.message)).toEqual([m.phoneInvalid, m.accountInvalid, m.emailInvalid]);
    expect(invoiceSchema.safeParse({ type: '3', title: 'x' }).error!.issues[0]!.message).toBe(m.invoiceTypeRequired);
  });
});

describe('scholar application', () => {
  const facts = { realName: '张晓明', institution: '中国人民大学法学院', title: '副教授', researchField: '数据法' };
  it('needs the supporting file, of an allowed type and at most 10 MB', () => {
    expect(scholarSchema.safeParse({ ...facts, file: { name: '职称证书.pdf', size: 2048 } }).success).toBe(true);
    expect(scholarSchema.safeParse(facts).error!.issues[0]!.message).toBe(m.fileRequired);
    expect(scholarSchema.safeParse({ ...facts, file: { name: '', size: 0 } }).error!.issues[0]!.message).toBe(m.fileRequired);
    expect(scholarSchema.safeParse({ ...facts, file: { name: 'a.exe', size: 10 } }).error!.issues[0]!.message).toBe(m.fileType);
    expect(scholarSchema.safeParse({ ...facts, file: { name: 'a.png', size: 11 * 1024 * 1024 } }).error!.issues[0]!.message).toBe(m.fileSize);
  });
});

describe('feedback', () => {
  it('takes 5 to 500 characters', () => {
    expect(feedbackSchema.safeParse({ type: '功能建议', content: '很好用的网站' }).success).toBe(true);
    expect(feedbackSchema.safeParse({ type: '功能建议', content: '  太短  ' }).error!.issues[0]!.message).toBe(m.contentLength);
    expect(feedbackSchema.safeParse({ type: '功能建议', content: '长'.repeat(501) }).error!.issues[0]!.message).toBe(m.contentLength);
    expect(feedbackSchema.safeParse({ type: '功能建议' }).error!.issues[0]!.message).toBe(m.contentRequired);
  });
});
