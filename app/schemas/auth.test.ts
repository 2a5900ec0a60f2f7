import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  bindMobileSchema,
  findAccountSchema,
  formIntent,
  loginSchema,
  messages,
  passwordField,
  registerSchema,
  resetSchema,
  schemaForIntent,
  sendSmsSchema,
  userNameField,
  mobileField,
  mailboxField,
  wechatLoginSchema,
} from './auth';

function errorsOf(schema: z.ZodType, value: unknown): Record<string, string[]> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (errors[issue.path.join('.') || '_'] ??= []).push(issue.message);
  return errors;
}
const firstError = (schema: z.ZodType, value: unknown) => Object.values(errorsOf(schema, value))[0]?.[0];

describe('mobile (1[3-9] and 9 more digits)', () => {
  it.each(['13800000001', '19912345678', '15000000000'])('accepts %s', (v) => expect(mobileField.safeParse(v).success).toBe(true));
  it('asks for a missing mobile', () => expect(firstError(mobileField, undefined)).toBe('请输入手机号'));
  it.each(['12800000001', '1380000000', '138000000012', '23800000001', '1380000000a', '+8613800000001', '10800000001'])('refuses %s', (v) =>
    expect(firstError(mobileField, v)).toBe('请输入完整、正确的手机号'),
  );
});

describe('password (6-20, two kinds among digits, letters, symbols)', () => {
  it.each(['abc123', 'Demo@2026', '123456!', 'abcdef!', 'a1'.repeat(10), 'AbCdEf1'])('accepts %s', (v) =>
    expect(passwordField.safeParse(v).success).toBe(true),
  );
  it('asks for a missing password', () => expect(firstError(passwordField, undefined)).toBe('请输入密码'));
  it.each(['abc12', 'a1'.repeat(10) + 'x', '123456', 'abcdef', '!@#$%^', 'ABCDEFG', 'abc 123'])('refuses %s', (v) =>
    expect(firstError(passwordField, v)).toBe('请输入6-20位，至少包含数字、字母及字符两种元素，区分大小写'),
  );
});

describe('register username', () => {
  it.each(['demo_author', '张三', 'zhang3', '数据法学2026'])('accepts %s', (v) => expect(userNameField.safeParse(v).success).toBe(true));
  it('asks for a missing username', () => expect(firstError(userNameField, undefined)).toBe('请输入用户名'));
  it.each(['zhang san', 'zhang-san', 'a.b', '张三，', '张三。', '《数据》', 'name!', "o'neil", '张三、李四', 'x'.repeat(31)])('refuses %s', (v) =>
    expect(firstError(userNameField, v)).toBe('请输入正确的用户名!'),
  );
});

describe('mailbox (optional)', () => {
  it('may be left out', () => expect(mailboxField.safeParse(undefined).success).toBe(true));
  it('accepts a valid address', () => expect(mailboxField.safeParse('author@pku.edu.cn').success).toBe(true));
  it.each(['author', 'author@', '@pku.edu.cn', 'a b@x.cn'])('refuses %s', (v) => expect(firstError(mailboxField, v)).toBe('请输入正确的邮箱地址'));
});

const validRegistration = {
  mobileNo: '13900000009',
  verificationCode: '123456',
  userName: 'new_author',
  password: 'Secret@123',
  confirmPassword: 'Secret@123',
  agreement: 'on',
};

describe('register form', () => {
  it('accepts a complete registration', () => expect(errorsOf(registerSchema, validRegistration)).toEqual({}));
  it('asks for the SMS code', () =>
    expect(errorsOf(registerSchema, { ...validRegistration, verificationCode: undefined }).verificationCode).toEqual(['请输入验证码']));
  it('asks for the confirmation', () =>
    expect(errorsOf(registerSchema, { ...validRegistration, confirmPassword: undefined }).confirmPassword).toEqual(['确认密码不能为空']));
  it('refuses a different confirmation', () =>
    expect(errorsOf(registerSchema, { ...validRegistration, confirmPassword: 'Secret@124' }).confirmPassword).toEqual(['两次输入密码不一致!']));
  it('requires the agreement', () =>
    expect(errorsOf(registerSchema, { ...validRegistration, agreement: undefined }).agreement).toEqual(['请阅读并同意《用户注册协议》、《用户隐私协议》']));
  it("says the confirmation differs together with the other fields' errors", () => {
    const errors = errorsOf(registerSchema, { mobileNo: '123', password: 'Secret@123', confirmPassword: 'Secret@124' });
    expect(errors.confirmPassword).toEqual(['两次输入密码不一致!']);
    expect(Object.keys(errors)).toEqual(expect.arrayContaining(['mobileNo', 'verificationCode', 'userName', 'agreement']));
  });
});

describe('login form', () => {
  const login = { username: 'demo_author', password: 'Demo@2026', agreement: 'on' };
  it('accepts username, password and the agreement', () => expect(errorsOf(loginSchema, login)).toEqual({}));
  it('asks for the username and password', () => {
    const errors = errorsOf(loginSchema, { agreement: 'on' });
    expect(errors.username).toEqual(['请输入用户名']);
    expect(errors.password).toEqual(['请输入密码']);
  });
  it('requires the agreement', () => expect(errorsOf(loginSchema, { ...login, agreement: undefined }).agreement).toEqual([messages.agreementRequired]));
  it('requires the image captcha once the backend asked for it', () =>
    expect(errorsOf(loginSchema, { ...login, uuid: 'u-1' }).captcha).toEqual(['请输入图形验证码']));
});

describe('reset, bind and SMS forms', () => {
  it('reset needs the same fields as register but the mailbox', () => {
    const { agreement: _a, ...reset } = validRegistration;
    expect(errorsOf(resetSchema, reset)).toEqual({});
    expect(errorsOf(resetSchema, { ...reset, password: '123456' }).password).toEqual([messages.passwordInvalid]);
  });
  it('bind takes mobileNo, code and userName (the server adds the openid and type 0)', () => {
    expect(bindMobileSchema.parse({ mobileNo: '13800000001', code: '1234', userName: 'wx_user', openid: 'o-from-the-browser' })).toEqual({
      mobileNo: '13800000001',
      code: '1234',
      userName: 'wx_user',
    });
    expect(errorsOf(bindMobileSchema, { mobileNo: '13800000001', userName: 'wx_user' }).code).toEqual(['请输入验证码']);
  });
  it('sending an SMS code needs a valid mobile and the image captcha', () => {
    const errors = errorsOf(sendSmsSchema, { mobileNo: '123', uuid: 'u' });
    expect(errors.mobileNo).toEqual(['请输入完整、正确的手机号']);
    expect(errors.captcha).toEqual(['请输入图形验证码']);
  });
});

describe('WeChat login and account lookup', () => {
  it('WeChat login needs the agreement', () => {
    expect(errorsOf(wechatLoginSchema, {}).agreement).toEqual(['请阅读并同意《用户注册协议》、《用户隐私协议》']);
    expect(errorsOf(wechatLoginSchema, { agreement: 'on' })).toEqual({});
  });
  it('finding an account needs a valid mobile and its SMS code', () => {
    expect(errorsOf(findAccountSchema, {})).toEqual({ mobileNo: ['请输入手机号'], verificationCode: ['请输入验证码'] });
    expect(errorsOf(findAccountSchema, { mobileNo: '13800000001', verificationCode: '123456' })).toEqual({});
  });
  it('the SMS code and image captcha are trimmed and bounded', () => {
    expect(firstError(resetSchema, { ...validRegistration, verificationCode: '   ' })).toBe('请输入验证码');
    expect(firstError(sendSmsSchema, { mobileNo: '13800000001', captcha: ' ', uuid: 'u' })).toBe('请输入图形验证码');
    expect(firstError(sendSmsSchema, { mobileNo: '13800000001', captcha: 'x'.repeat(11), uuid: 'u' })).toBe('请输入图形验证码');
  });
  it('confirm password: required, then equal to the password', () => {
    expect(errorsOf(resetSchema, { ...validRegistration, confirmPassword: undefined }).confirmPassword).toEqual(['确认密码不能为空']);
    expect(errorsOf(resetSchema, { ...validRegistration, confirmPassword: 'secret@123' }).confirmPassword).toEqual(['两次输入密码不一致!']);
  });
});

describe('form intents', () => {
  const data = (intent?: string) => {
    const formData = new FormData();
    if (intent !== undefined) formData.set('intent', intent);
    return formData;
  };
  it('reads the button that submitted the form, "submit" by default', () => {
    expect(formIntent(data('sendSms'))).toBe('sendSms');
    expect(formIntent(data('refreshCaptcha'))).toBe('refreshCaptcha');
    expect(formIntent(data())).toBe('submit');
    expect(formIntent(data('dropTables'))).toBe('submit');
  });
  it('checks the SMS button with the SMS schema, a captcha refresh with nothing, a submit with the form', () => {
    expect(schemaForIntent(registerSchema, data('sendSms'))).toBe(sendSmsSchema);
    expect(schemaForIntent(registerSchema, data('submit'))).toBe(registerSchema);
    expect(schemaForIntent(registerSchema, data('refreshCaptcha')).safeParse({}).success).toBe(true);
  });
});
