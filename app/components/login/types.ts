import type { SubmissionResult } from '@conform-to/react';
import type { HoneypotInputProps } from 'remix-utils/honeypot/server';
import type { LoginMode } from '~/session/login-url';

/** What the server gives a sign-in panel when it opens (popup or /login page). */
export interface LoginPanelData {
  mode: LoginMode;
  /** Key of the image captcha (modes that send an SMS code); null when the backend gave none. */
  uuid: string | null;
  /** Register and password reset carry a honeypot. */
  honeypot: HoneypotInputProps | null;
  /** bindMobile: a WeChat openid from the last 30 minutes is waiting to be bound. */
  wechatBindReady: boolean;
}

/** What a sign-in form's submission answers (400/403/429, or 200 after an SMS was sent). */
export interface SignInActionData {
  /** The form it answers (the /login page shows one form at a time). */
  form: string;
  result: SubmissionResult<string[]>;
  /** The captcha key to show next (a used captcha is never shown twice). */
  uuid?: string | null;
  /** Login: the backend asked for the image captcha (code 505). */
  captchaRequired?: boolean;
  /** Seconds before another SMS code may be sent to this mobile. */
  smsCooldown?: number;
  /** A success note (验证码已发送). */
  notice?: string;
  /** /findAccount: the account found. */
  account?: { accountName: string; phoneNumber: string | null; cardNo: string | null; fullName: string | null };
}
