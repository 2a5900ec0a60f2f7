import type { SubmissionResult } from '@conform-to/react';

/** What an account form's submission answers (400, 429, or 200 after an SMS code was sent). */
export interface AccountActionData {
  form: string;
  result: SubmissionResult<string[]>;
  /** Seconds before another SMS code may be sent (the 获取验证码 countdown). */
  smsCooldown?: number;
  /** A success note shown above the form (验证码已发送至…). */
  notice?: string;
}

/** The avatar upload's refusal (the upload is not a conform form: it streams to the backend). */
export interface AvatarActionData {
  form: 'avatar';
  error: string;
}
