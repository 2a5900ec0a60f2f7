import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { toast } from '~/components/layout/toasts';
import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { useFetcher } from 'react-router';
import { Link } from '~/lib/link';
import type { z } from 'zod';
import { auth as copy } from '~/copy/auth';
import { INTENT_FIELD, schemaForIntent, type sendSmsSchema } from '~/schemas/auth';
import { TOAST_ERROR_MS, TOAST_SUCCESS_MS } from '~/lib/flash';
import { useHydrated } from '~/lib/use-hydrated';
import { FieldError, SubmitButton as KitSubmitButton, TextField, useFocusOnServerError, type FieldLook, type FieldMeta } from '~/components/forms/fields';
import { checkedBy } from '~/components/forms/validate';
import { useCountdown, type CaptchaState } from './hooks';
import type { SignInActionData } from './types';
import classes from './login.module.css';

/** Submit buttons are debounced 300 ms (docs/product.md#session). */
export const SUBMIT_DEBOUNCE_MS = 300;
/** The name of the button conform submits with to validate a field (`INTENT` of @conform-to/dom). */
const CONFORM_INTENT = '__intent__';

/** The sign-in sheet's compact look of the form kit. */
export const signInLook: FieldLook = {
  field: classes.field,
  label: classes.label,
  control: classes.control,
  input: classes.input,
  fieldError: classes.fieldError,
  formError: classes.formError,
  notice: classes.notice,
  submit: classes.submit,
};

/**
 * One sign-in form: conform + zod (the same schema as the server), posted with a fetcher
 * so the popup stays over the page; without JavaScript the same <form> posts to the
 * action and the /login page shows the answer. `actionResult` is that server answer.
 */
export function useSignInForm<S extends z.ZodObject>(options: { id: string; schema: S; action: string; actionResult?: SignInActionData }) {
  const fetcher = useFetcher<SignInActionData>();
  const answer = fetcher.data ?? options.actionResult;
  // The form's own fields, and those its 获取验证码 button sends (the image captcha).
  const [form, fields] = useForm<z.input<S> & Partial<z.input<typeof sendSmsSchema>>, z.output<S>>({
    id: options.id,
    lastResult: answer?.result,
    // Checked on submit, then live as the user types. Not on blur: the popup focuses its first
    // field, and an error appearing on blur shifts the links under the pointer mid-click.
    ...checkedBy(options.schema, 'onSubmit', (formData) => schemaForIntent(options.schema, formData)),
  });

  // Errors the backend gave (and 验证码已发送) also show as toasts: errors 5 s (docs/product.md#constants).
  // The form shows and announces the same words: the toast is an echo, not a second announcement.
  useEffect(() => {
    const data = fetcher.data;
    if (!data) return;
    const formError = data.result.error?.['']?.[0];
    if (formError) toast.show({ tone: 'error', message: formError, durationMs: TOAST_ERROR_MS, echo: true });
    else if (data.notice) toast.show({ tone: 'success', message: data.notice, durationMs: TOAST_SUCCESS_MS, echo: true });
  }, [fetcher.data]);

  // Submissions are debounced 300 ms (docs/product.md#session) — each click (re)starts the wait, the last one
  // is sent. Without JavaScript the browser posts at once.
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    const timer = pending;
    return () => clearTimeout(timer.current ?? undefined);
  }, []);
  const busy = fetcher.state !== 'idle';
  const { submit } = fetcher;
  const formProps = {
    ...getFormProps(form),
    method: 'post' as const,
    action: options.action,
    onSubmit(event: FormEvent<HTMLFormElement>) {
      form.onSubmit(event);
      // conform validates a field by dispatching a submit with its own intent button: not a submission.
      const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
      if (event.defaultPrevented || submitter?.name === CONFORM_INTENT) return;
      event.preventDefault();
      if (busy) return;
      const formData = new FormData(event.currentTarget, submitter);
      clearTimeout(pending.current ?? undefined);
      pending.current = setTimeout(() => {
        pending.current = null;
        void submit(formData, { method: 'post', action: options.action });
      }, SUBMIT_DEBOUNCE_MS);
    },
  };
  return { Form: fetcher.Form, form, fields, formProps, answer, busy };
}

/**
 * Enter in any field submits the form itself (docs/product.md#screens): the browser presses a form's
 * first submit button, so this invisible one comes before the captcha and SMS buttons.
 */
export function DefaultSubmit() {
  return <button type="submit" name={INTENT_FIELD} value="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true" />;
}

/** The kit's submit button, pressed as the form's own submission (not the SMS or captcha button). */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <KitSubmitButton busy={busy} name={INTENT_FIELD} value="submit">
      {children}
    </KitSubmitButton>
  );
}

/** The image captcha: click it for another (without JavaScript the click posts the form back with a new one). */
export function CaptchaField({ meta, captcha }: { meta: FieldMeta; captcha: CaptchaState }) {
  const hydrated = useHydrated();
  const image = useRef<HTMLImageElement>(null);
  const { uuid, markFailed } = captcha;
  // An image that failed before hydration fired its error event unheard: look again.
  useEffect(() => {
    const img = image.current;
    if (uuid && img && img.complete && img.naturalWidth === 0) markFailed();
  }, [uuid, markFailed]);
  const refresh = (
    <button
      type="submit"
      name={INTENT_FIELD}
      value="refreshCaptcha"
      formNoValidate
      className={classes.captcha}
      title={copy.captcha.refresh}
      onClick={(event) => {
        if (!hydrated) return;
        event.preventDefault();
        void captcha.refresh();
      }}
    >
      {captcha.failed ? (
        <span className={classes.captchaFailed} role="alert">
          {copy.captcha.loadFailed}
        </span>
      ) : (
        <img
          ref={image}
          src={`/captcha.svg?uuid=${encodeURIComponent(captcha.uuid ?? '')}`}
          alt={copy.captcha.imageAlt}
          width={120}
          height={40}
          onError={captcha.markFailed}
        />
      )}
    </button>
  );
  return (
    <>
      {/* A new captcha is a new field: what was typed for the old one goes. */}
      <TextField
        key={captcha.uuid ?? 'none'}
        meta={meta}
        label={copy.fields.captcha}
        placeholder={copy.placeholders.captcha}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        beside={refresh}
      />
      <input type="hidden" name="uuid" value={captcha.uuid ?? ''} />
    </>
  );
}

/** SMS code with its 获取验证码 button: 60 s countdown after sending (docs/product.md#session). */
export function SmsCodeField({
  meta,
  answer,
  busy,
  label = copy.fields.verificationCode,
}: {
  meta: FieldMeta;
  answer?: SignInActionData;
  busy: boolean;
  label?: string;
}) {
  const hydrated = useHydrated();
  const remaining = useCountdown(answer?.smsCooldown, answer);
  return (
    <TextField
      meta={meta}
      label={label}
      placeholder={copy.placeholders.verificationCode}
      autoComplete="one-time-code"
      inputMode="numeric"
      beside={
        <button
          type="submit"
          name={INTENT_FIELD}
          value="sendSms"
          formNoValidate
          className={classes.smsButton}
          // Without JavaScript it stays usable: the server refuses a resend before 60 s.
          disabled={hydrated && (busy || remaining > 0)}
        >
          {remaining > 0 ? copy.buttons.resendIn(remaining) : copy.buttons.sendSms}
        </button>
      }
    />
  );
}

/** The agreement, with its documents opening in a new tab (docs/product.md#screens). */
export function AgreementField({ meta }: { meta: FieldMeta }) {
  const focus = useFocusOnServerError(Boolean(meta.errors?.length));
  return (
    <div className={classes.agreement}>
      <input {...getInputProps(meta, { type: 'checkbox' })} {...focus} className={classes.checkbox} />
      <label htmlFor={meta.id}>{copy.agreement.prefix}</label>
      <Link to="/userAgreement" target="_blank" rel="noopener" aria-label={`${copy.agreement.user}${copy.agreement.opensInNewTab}`}>
        {copy.agreement.user}
      </Link>
      {copy.agreement.separator}
      <Link to="/privacyAgreement" target="_blank" rel="noopener" aria-label={`${copy.agreement.privacy}${copy.agreement.opensInNewTab}`}>
        {copy.agreement.privacy}
      </Link>
      <FieldError meta={meta} />
    </div>
  );
}
