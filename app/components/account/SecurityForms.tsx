import { Form } from 'react-router';
import { Link } from '~/lib/link';
import { CheckboxField, FormMessage, TextField, TextareaField } from '~/components/forms/fields';
import { SmsCodeField } from '~/components/login/fields';
import { account as copy } from '~/copy/account';
import { INTENT_FIELD } from '~/schemas/auth';
import { cancellationSchema, mobileChangeSchema, mobileSendCodeSchema, passwordChangeSchema } from '~/schemas/account';
import { FormName, useAccountForm } from './account-form';
import classes from './account.module.css';

const t = copy.security;

/** 修改密码: passwordChange; the password rule (docs/product.md#validation) for the new one. */
export function PasswordForm({ actionData }: { actionData: unknown }) {
  const { form, fields, busy, formProps } = useAccountForm({ id: 'password-form', form: 'password', schema: passwordChangeSchema, actionData });
  return (
    <section className={classes.section} aria-labelledby="password-title">
      <h2 id="password-title">{t.password.title}</h2>
      <p className={classes.intro}>{t.password.intro}</p>
      <Form method="post" {...formProps} className={classes.form}>
        <FormName name="password" />
        <FormMessage form={form} />
        <TextField meta={fields.oldPassword} label={t.password.oldPassword} type="password" autoComplete="current-password" />
        <TextField meta={fields.password} label={t.password.password} type="password" autoComplete="new-password" />
        <TextField meta={fields.confirmPassword} label={t.password.confirmPassword} type="password" autoComplete="new-password" />
        <div className={classes.actions}>
          <button type="submit" className={classes.button} disabled={busy} aria-busy={busy || undefined}>
            {t.password.submit}
          </button>
        </div>
      </Form>
    </section>
  );
}

/**
 * 更换手机号: 获取验证码 checks the password and sends a code to the new number
 * (verificationPasswordAndSendCode, then the 60 s countdown); the form itself is mobileNoChange.
 */
export function MobileForm({ mobile, actionData }: { mobile: string | null; actionData: unknown }) {
  const { form, fields, answer, busy, formProps } = useAccountForm({
    id: 'mobile-form',
    form: 'mobile',
    schema: mobileChangeSchema,
    button: { intent: 'sendSms', schema: mobileSendCodeSchema },
    actionData,
  });
  return (
    <section className={classes.section} aria-labelledby="mobile-title">
      <h2 id="mobile-title">{t.mobile.title}</h2>
      <p className={classes.status}>
        <span>
          {t.mobile.current}：<strong>{mobile ?? t.mobile.none}</strong>
        </span>
      </p>
      <p className={classes.intro}>{t.mobile.intro}</p>
      <Form method="post" {...formProps} className={classes.form}>
        <FormName name="mobile" />
        {/* Enter submits the form itself, not the first button (获取验证码). */}
        <button type="submit" name={INTENT_FIELD} value="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true" />
        <FormMessage form={form} notice={answer?.notice} />
        <TextField meta={fields.password} label={t.mobile.password} type="password" autoComplete="current-password" />
        <TextField meta={fields.mobileNo} label={t.mobile.mobileNo} type="tel" autoComplete="tel" inputMode="numeric" maxLength={11} />
        <SmsCodeField meta={fields.code} answer={answer} busy={busy} label={t.mobile.code} />
        <div className={classes.actions}>
          <button type="submit" name={INTENT_FIELD} value="submit" className={classes.button} disabled={busy} aria-busy={busy || undefined}>
            {t.mobile.submit}
          </button>
        </div>
      </Form>
    </section>
  );
}

/** 微信绑定: bind goes to WeChat's consent page (requestCode), the callback binds; unbind is one post. */
export function WechatForm({ bound, busy }: { bound: boolean; busy: boolean }) {
  return (
    <section className={classes.section} aria-labelledby="wechat-title">
      <h2 id="wechat-title">{t.wechat.title}</h2>
      <p className={classes.status}>
        <span className={bound ? classes.tag : `${classes.tag} ${classes.tagOff}`}>{bound ? t.wechat.bound : t.wechat.unbound}</span>
      </p>
      <p className={classes.intro}>{bound ? t.wechat.boundIntro : t.wechat.unboundIntro}</p>
      <Form method="post" className={classes.actions}>
        <FormName name="wechat" />
        {bound ? (
          <button type="submit" name={INTENT_FIELD} value="unbind" className={classes.secondary} disabled={busy}>
            {t.wechat.unbind}
          </button>
        ) : (
          <button type="submit" name={INTENT_FIELD} value="bind" className={classes.button} disabled={busy}>
            {t.wechat.bind}
          </button>
        )}
      </Form>
    </section>
  );
}

/** 注销账号 on the security page: only the way to the confirmation step. */
export function CancelIntro() {
  return (
    <section className={classes.section} aria-labelledby="cancel-title">
      <h2 id="cancel-title">{t.cancel.title}</h2>
      <p className={classes.intro}>{t.cancel.intro}</p>
      <Link to="/personal/account/security?step=cancel#cancel-confirm-title" className={classes.secondary}>
        {t.cancel.start}
      </Link>
    </section>
  );
}

/** The confirmation step: what is lost, the password, and a box to tick. */
export function CancelConfirm({ username, actionData }: { username: string; actionData: unknown }) {
  const { form, fields, busy, formProps } = useAccountForm({ id: 'cancel-form', form: 'cancel', schema: cancellationSchema, actionData });
  return (
    <section className={classes.section} aria-labelledby="cancel-confirm-title">
      <h2 id="cancel-confirm-title" tabIndex={-1}>
        {t.cancel.confirmTitle}
      </h2>
      <div className={classes.warning} id="cancel-losses">
        <p style={{ margin: 0 }}>{t.cancel.lossIntro(username)}</p>
        <ul>
          {t.cancel.losses.map((loss) => (
            <li key={loss}>{loss}</li>
          ))}
        </ul>
        <p style={{ margin: '8px 0 0' }}>{t.cancel.keep}</p>
      </div>
      <Form method="post" action="/personal/account/security?step=cancel" {...formProps} className={classes.form} aria-describedby="cancel-losses">
        <FormName name="cancel" />
        <FormMessage form={form} />
        <TextField meta={fields.password} label={t.cancel.password} type="password" autoComplete="current-password" />
        <TextareaField meta={fields.reason} label={t.cancel.reason} rows={3} maxLength={200} />
        <CheckboxField meta={fields.acknowledge} label={t.cancel.acknowledge} />
        <div className={classes.actions}>
          <button type="submit" className={classes.danger} disabled={busy} aria-busy={busy || undefined}>
            {t.cancel.submit}
          </button>
          <Link to="/personal/account/security">{t.cancel.back}</Link>
        </div>
      </Form>
    </section>
  );
}
