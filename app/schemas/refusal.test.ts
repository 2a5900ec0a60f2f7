import { describe, expect, it } from 'vitest';
import { refusalErrors, sameNames } from './refusal';

describe('refusalErrors', () => {
  it('shows a refusal at the field standing for the parameter it is about', () => {
    expect(refusalErrors({ message: '原密码错误', field: 'oldPassword' }, sameNames('oldPassword', 'password'))).toEqual({
      fieldErrors: { oldPassword: ['原密码错误'] },
    });
    expect(refusalErrors({ message: '短信验证码错误或已失效', field: 'verificationCode' }, { verificationCode: 'code' })).toEqual({
      fieldErrors: { code: ['短信验证码错误或已失效'] },
    });
  });

  it('shows it for the whole form when it names no declared parameter, whatever its words', () => {
    expect(refusalErrors({ message: '密码错误' }, sameNames('password'))).toEqual({ formErrors: ['密码错误'] });
    expect(refusalErrors({ message: '请求过于频繁', field: 'mobile' }, sameNames('password'))).toEqual({ formErrors: ['请求过于频繁'] });
    expect(refusalErrors({ message: 'x', field: '__proto__' }, sameNames('password'))).toEqual({ formErrors: ['x'] });
  });
});
