import { toast } from '~/components/layout/toasts';
import { useLocation } from 'react-router';
import { Link } from '~/lib/link';
import { HoneypotInputs, HoneypotProvider } from 'remix-utils/honeypot/react';
import { auth as copy } from '~/copy/auth';
import { bindMobileSchema, loginSchema, messages, registerSchema, resetSchema, wechatLoginSchema } from '~/schemas/auth';
import { useNonce } from '~/lib/nonce';
import { loginActionHref, pageContext, popupContext, withLoginMode, type LoginMode } from '~/session/login-url';
import { FormLook, FormMessage, TextField } from '~/components/forms/fields';
import { AgreementField, CaptchaField, DefaultSubmit, SmsCodeField, SubmitButton, signInLook, useSignInForm } from './fields';
import { useCaptchaKey, useUsernameAvailability, type CaptchaState } from './hooks';
import type { LoginPanelData, SignInActionData } from './types';
import classes from './login.module.css';

export const LOGIN_TITLE_ID = 'login-panel-title';

interface FormProps {
  data: LoginPanelData;
  action: string;
  actionResult?: SignInActionData;
  modeHref: (mode: LoginMode) => string;
}

/** The captcha key a form starts with: the answer's (a no-JavaScript re-render), else the loader's. */
function initialUuid({ data, actionResult }: FormProps): string | null {
  return actionResult && actionResult.uuid !== undefined ? actionResult.uuid : data.uuid;
}

/**
 * The sign-in panel (docs/product.md#login): one form per mode, the same in the popup and
 * on the /login page. The mode comes from the URL; the forms post to /login?login=MODE.
 */
export function LoginPanel({ data, actionData, surface }: { data: LoginPanelData; actionData?: SignInActionData; surface: 'popup' | 'page' }) {
  const location = useLocation();
  const context = surface === 'popup' ? popupContext(location.pathname, location.search) : pageContext(location.search);
  const mode = data.mode;
  const props: FormProps = {
    data,
    action: loginActionHref(mode, context),
    actionResult: actionData?.form === mode ? actionData : undefined,
    modeHref: (next) => withLoginMode(location.pathname, location.search, next),
  };
  const tabs = mode === 'userLogin' || mode === 'wxLogin';

  return (
    <section className={classes.panel} aria-labelledby={LOGIN_TITLE_ID}>
      <h2 id={LOGIN_TITLE_ID} className={tabs ? 'visually-hidden' : classes.title}>
        {copy.modes[mode]}
      </h2>
      {tabs ? (
        <nav className={classes.tabs} aria-label={copy.dialogLabel}>
          {(['userLogin', 'wxLogin'] as const).map((tab) => (
            <Link key={tab} to={props.modeHref(tab)} replace preventScrollReset className={classes.tab} aria-current={tab === mode ? 'page' : undefined}>
              {copy.modes[tab]}
            </Link>
          ))}
        </nav>
      ) : null}
      {/* key: switching modes starts each form afresh */}
      <HoneypotProvider {...(data.honeypot ?? {})}>
        <FormLook look={signInLook}>
          {mode === 'userLogin' ? <AccountLoginForm key={mode} {...props} /> : null}
          {mode === 'userRegister' ? <RegisterForm key={mode} {...props} /> : null}
          {mode === 'losePWD' ? <ResetPasswordForm key={mode} {...props} /> : null}
          {mode === 'wxLogin' ? <WechatLoginForm key={mode} {...props} /> : null}
          {mode === 'bindMobile' ? <BindMobileForm key={mode} {...props} /> : null}
        </FormLook>
      </HoneypotProvider>
    </section>
  );
}

function ModeLinks({ links }: { links: { to: string; label: string }[] }) {
  return (
    <p className={classes.links}>
      {links.map((link) => (
        <Link key={link.label} to={link.to} preventScrollReset>
          {link.label}
        </Link>
      ))}
    </p>
  );
}

function Honeypot() {
  return <HoneypotInputs label="请勿填写此项" nonce={useNonce()} />;
}

type FieldsOf = ReturnType<typeof useSignInForm>['fields'];

/** Mobile, image captcha and SMS code: the start of every form that sends a code. */
function MobileCodeFields({
  fields,
  captcha,
  answer,
  busy,
  codeField = 'verificationCode',
}: {
  fields: FieldsOf;
  captcha: CaptchaState;
  answer?: SignInActionData;
  busy: boolean;
  codeField?: 'verificationCode' | 'code';
}) {
  return (
    <>
      <TextField meta={fields.mobileNo} label={copy.fields.mobileNo} type="tel" placeholder={copy.placeholders.mobileNo} autoComplete="tel" />
      <CaptchaField meta={fields.captcha} captcha={captcha} />
      <SmsCodeField meta={fields[codeField]} answer={answer} busy={busy} />
    </>
  );
}

/** A new password and its confirmation (register, reset). */
function NewPasswordFields({ fields, label }: { fields: FieldsOf; label: string }) {
  return (
    <>
      <TextField meta={fields.password} label={label} type="password" placeholder={copy.placeholders.newPassword} autoComplete="new-password" />
      <TextField
        meta={fields.confirmPassword}
        label={copy.fields.confirmPassword}
        type="password"
        placeholder={copy.placeholders.confirmPassword}
        autoComplete="new-password"
      />
    </>
  );
}

/** Username, password, the image captcha once the backend answers 505, the agreement (docs/product.md#sign-in). */
function AccountLoginForm(props: FormProps) {
  const { Form, form, fields, formProps, answer, busy } = useSignInForm({ id: 'signin-userLogin', schema: loginSchema, ...props });
  const captcha = useCaptchaKey(initialUuid(props), answer);
  return (
    <>
      <Form {...formProps} className={classes.form}>
        <DefaultSubmit />
        <FormMessage form={form} notice={answer?.notice} />
        <TextField meta={fields.username} label={copy.fields.username} placeholder={copy.placeholders.username} autoComplete="username" />
        <TextField
          meta={fields.password}
          label={copy.fields.password}
          type="password"
          placeholder={copy.placeholders.password}
          autoComplete="current-password"
        />
        {answer?.captchaRequired ? <CaptchaField meta={fields.captcha} captcha={captcha} /> : null}
        <AgreementField meta={fields.agreement} />
        <SubmitButton busy={busy}>{copy.buttons.login}</SubmitButton>
      </Form>
      <ModeLinks
        links={[
          { to: props.modeHref('losePWD'), label: copy.links.forgotPassword },
          { to: '/findAccount', label: copy.links.findAccount },
          { to: props.modeHref('userRegister'), label: copy.links.register },
        ]}
      />
    </>
  );
}

function UsernameMark({ value }: { value: string | undefined }) {
  const status = useUsernameAvailability(value);
  return (
    <span className={classes.usernameMark} aria-live="polite">
      {status === 'available' ? (
        <span className={classes.available} title={copy.username.available}>
          <span aria-hidden="true">✓</span>
          <span className="visually-hidden">{copy.username.available}</span>
        </span>
      ) : null}
      {status === 'taken' ? (
        <span className={classes.taken} title={messages.userNameTaken}>
          <span aria-hidden="true">✗</span>
          <span className="visually-hidden">{messages.userNameTaken}</span>
        </span>
      ) : null}
    </span>
  );
}

/** Register; success shows 注册成功！ and the login mode (docs/product.md#flows). */
function RegisterForm(props: FormProps) {
  const { Form, form, fields, formProps, answer, busy } = useSignInForm({ id: 'signin-userRegister', schema: registerSchema, ...props });
  const captcha = useCaptchaKey(initialUuid(props), answer);
  return (
    <>
      <Form {...formProps} className={classes.form}>
        <DefaultSubmit />
        <Honeypot />
        <FormMessage form={form} notice={answer?.notice} />
        <MobileCodeFields fields={fields} captcha={captcha} answer={answer} busy={busy} />
        <TextField meta={fields.mailbox} label={copy.fields.mailbox} type="email" placeholder={copy.placeholders.mailbox} autoComplete="email" />
        <TextField
          meta={fields.userName}
          label={copy.fields.userName}
          placeholder={copy.placeholders.userName}
          autoComplete="username"
          // Pasting into the username is blocked (docs/product.md#validation).
          onPaste={(event) => {
            event.preventDefault();
            toast.show({ tone: 'warning', message: copy.username.pasteBlocked, durationMs: 3000 });
          }}
          beside={<UsernameMark value={fields.userName.value} />}
        />
        <NewPasswordFields fields={fields} label={copy.fields.password} />
        <AgreementField meta={fields.agreement} />
        <SubmitButton busy={busy}>{copy.buttons.register}</SubmitButton>
      </Form>
      <ModeLinks links={[{ to: props.modeHref('userLogin'), label: copy.links.haveAccount }]} />
    </>
  );
}

/** Password reset; success shows 密码修改成功！ and the login mode (docs/product.md#flows). */
function ResetPasswordForm(props: FormProps) {
  const { Form, form, fields, formProps, answer, busy } = useSignInForm({ id: 'signin-losePWD', schema: resetSchema, ...props });
  const captcha = useCaptchaKey(initialUuid(props), answer);
  return (
    <>
      <Form {...formProps} className={classes.form}>
        <DefaultSubmit />
        <Honeypot />
        <FormMessage form={form} notice={answer?.notice} />
        <MobileCodeFields fields={fields} captcha={captcha} answer={answer} busy={busy} />
        <TextField meta={fields.userName} label={copy.fields.userName} placeholder={copy.placeholders.userName} autoComplete="username" />
        <NewPasswordFields fields={fields} label={copy.fields.newPassword} />
        <SubmitButton busy={busy}>{copy.buttons.reset}</SubmitButton>
      </Form>
      <ModeLinks
        links={[
          { to: props.modeHref('userLogin'), label: copy.links.backToLogin },
          { to: '/findAccount', label: copy.links.findAccount },
        ]}
      />
    </>
  );
}

/** WeChat login (after the agreement) goes to WeChat's consent page (docs/product.md#flows). */
function WechatLoginForm(props: FormProps) {
  const { Form, form, fields, formProps, answer, busy } = useSignInForm({ id: 'signin-wxLogin', schema: wechatLoginSchema, ...props });
  return (
    <>
      <Form {...formProps} className={classes.form}>
        <DefaultSubmit />
        <FormMessage form={form} notice={answer?.notice} />
        <p className={classes.intro}>{copy.wechat.intro}</p>
        <AgreementField meta={fields.agreement} />
        <SubmitButton busy={busy}>{copy.buttons.wechat}</SubmitButton>
      </Form>
      <ModeLinks links={[{ to: props.modeHref('userRegister'), label: copy.links.register }]} />
    </>
  );
}

/** A WeChat user without an account binds a mobile (and gets an author account if the mobile is new). */
function BindMobileForm(props: FormProps) {
  const { Form, form, fields, formProps, answer, busy } = useSignInForm({ id: 'signin-bindMobile', schema: bindMobileSchema, ...props });
  const captcha = useCaptchaKey(initialUuid(props), answer);
  if (!props.data.wechatBindReady && !answer) {
    return (
      <>
        <p className={classes.formError} role="alert">
          {copy.wechat.expired}
        </p>
        <ModeLinks links={[{ to: props.modeHref('wxLogin'), label: copy.links.wechatLogin }]} />
      </>
    );
  }
  return (
    <>
      <Form {...formProps} className={classes.form}>
        <DefaultSubmit />
        <FormMessage form={form} notice={answer?.notice} />
        <p className={classes.intro}>{copy.wechat.bindIntro}</p>
        <MobileCodeFields fields={fields} captcha={captcha} answer={answer} busy={busy} codeField="code" />
        <TextField meta={fields.userName} label={copy.fields.userName} placeholder={copy.placeholders.userName} autoComplete="username" />
        <SubmitButton busy={busy}>{copy.buttons.bind}</SubmitButton>
      </Form>
      <ModeLinks links={[{ to: props.modeHref('userLogin'), label: copy.links.backToLogin }]} />
    </>
  );
}
