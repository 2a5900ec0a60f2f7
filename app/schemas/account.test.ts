import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import {
  AVATAR_MAX_BYTES,
  avatarError,
  cancellationSchema,
  imageTypeOf,
  mobileChangeSchema,
  mobileSchemaFor,
  mobileSendCodeSchema,
  passwordChangeSchema,
  profileSchema,
  securityForm,
  splitResearchFields,
} from './account';

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

function errors(schema: Parameters<typeof parseWithZod>[1]['schema'], fields: Record<string, string>) {
  const submission = parseWithZod(form(fields), { schema });
  return submission.status === 'success' ? {} : (submission.error ?? {});
}

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
const JPG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
const GIF = new TextEncoder().encode('GIF89a\x01\x00\x01\x00\x00\x00');
const WEBP = new TextEncoder().encode('RIFF\x24\x00\x00\x00WEBP');
const PDF = new TextEncoder().encode('%PDF-1.4\n%\xe2\xe3');

describe('profile schema', () => {
  it('accepts an empty form (every field is optional) and a complete one', () => {
    expect(errors(profileSchema, {})).toEqual({});
    expect(
      errors(profileSchema, {
        realName: '张晓明',
        gender: '1',
        mailbox: 'zhang@example.cn',
        title: '教授',
        institution: '中国人民大学法学院',
        researchFields: '数据法；个人信息保护，网络法',
        postcode: '100872',
        orcid: '0000-0002-1825-009x',
        bio: '研究数据法学。',
      }),
    ).toEqual({});
  });

  it('gives the Chinese message of each bad field', () => {
    const e = errors(profileSchema, { realName: 'Zhang', gender: '3', mailbox: 'not-mail', postcode: '12345', orcid: '1234', bio: '长'.repeat(1001) });
    expect(e.realName).toEqual(['请输入正确的姓名（2-30个汉字）']);
    expect(e.gender).toEqual(['请选择性别']);
    expect(e.mailbox).toEqual(['请输入正确的邮箱地址']);
    expect(e.postcode).toEqual(['请输入6位邮政编码']);
    expect(e.orcid?.[0]).toMatch(/^ORCID格式不正确/);
    expect(e.bio).toEqual(['个人简介不能超过1000个字符']);
  });

  it('splits research fields on Chinese and ASCII separators and limits them', () => {
    expect(splitResearchFields('数据法；个人信息保护，网络法、 算法治理;;')).toEqual(['数据法', '个人信息保护', '网络法', '算法治理']);
    expect(errors(profileSchema, { researchFields: Array.from({ length: 11 }, (_, i) => `方向${i}`).join('；') }).researchFields).toEqual([
      '研究方向不超过10个',
    ]);
    expect(errors(profileSchema, { researchFields: '很'.repeat(31) }).researchFields).toEqual(['每个研究方向不能超过30个字符']);
  });
});

describe('avatar check', () => {
  it('knows PNG, JPEG, GIF and WEBP by their first bytes, nothing else', () => {
    expect([PNG, JPG, GIF, WEBP].map(imageTypeOf)).toEqual(['png', 'jpg', 'gif', 'webp']);
    expect(imageTypeOf(PDF)).toBeNull();
    expect(imageTypeOf(new Uint8Array())).toBeNull();
  });

  it('refuses what is not an image whatever its name, a name that says another type, and more than 2 MB', () => {
    expect(avatarError({ head: PNG, name: 'me.png', size: 1000 })).toBeNull();
    expect(avatarError({ head: JPG, name: '证件照.JPEG' })).toBeNull();
    expect(avatarError({ head: PDF, name: 'me.png', size: 1000 })).toBe('头像仅支持PNG、JPG、GIF、WEBP格式的图片');
    expect(avatarError({ head: PNG, name: 'me.gif' })).toBe('头像仅支持PNG、JPG、GIF、WEBP格式的图片');
    expect(avatarError({ head: PNG, name: 'me.png', size: AVATAR_MAX_BYTES + 1 })).toBe('头像图片不能超过2MB');
    expect(avatarError({ head: new Uint8Array(), size: 0 })).toBe('请选择头像图片');
  });
});

describe('security schemas', () => {
  it('password change: the password rule for the new password, confirmation, and not the old one again', () => {
    expect(errors(passwordChangeSchema, {})).toEqual({ oldPassword: ['请输入原密码'], password: ['请输入密码'], confirmPassword: ['确认密码不能为空'] });
    expect(errors(passwordChangeSchema, { oldPassword: 'Demo@2026', password: 'abcdef', confirmPassword: 'abcdef' }).password).toEqual([
      '请输入6-20位，至少包含数字、字母及字符两种元素，区分大小写',
    ]);
    expect(errors(passwordChangeSchema, { oldPassword: 'Demo@2026', password: 'New@2026x', confirmPassword: 'New@2026y' }).confirmPassword).toEqual([
      '两次输入密码不一致!',
    ]);
    expect(errors(passwordChangeSchema, { oldPassword: 'Demo@2026', password: 'Demo@2026', confirmPassword: 'Demo@2026' }).password).toEqual([
      '新密码不能与原密码相同',
    ]);
    expect(errors(passwordChangeSchema, { oldPassword: 'Demo@2026', password: 'New@2026x', confirmPassword: 'New@2026x' })).toEqual({});
  });

  it('mobile change: the SMS button needs the password and the new number, the form the number and the code', () => {
    expect(mobileSchemaFor('sendSms')).toBe(mobileSendCodeSchema);
    expect(mobileSchemaFor('submit')).toBe(mobileChangeSchema);
    expect(errors(mobileSendCodeSchema, { mobileNo: '12345' })).toEqual({ password: ['请输入密码'], mobileNo: ['请输入完整、正确的手机号'] });
    expect(errors(mobileChangeSchema, { mobileNo: '13700000009' })).toEqual({ code: ['请输入验证码'] });
    expect(errors(mobileChangeSchema, { mobileNo: '13700000009', code: '123456' })).toEqual({});
  });

  it('cancellation needs the password and the acknowledgement', () => {
    expect(errors(cancellationSchema, {})).toEqual({ password: ['请输入密码'], acknowledge: ['请勾选确认您已了解注销的后果'] });
    expect(errors(cancellationSchema, { password: 'x', acknowledge: 'on', reason: '不再投稿' })).toEqual({});
  });

  it('names the form a submission comes from, or none', () => {
    expect(securityForm(form({ form: 'mobile' }))).toBe('mobile');
    expect(securityForm(form({ form: 'other' }))).toBeNull();
  });
});
