import { Link } from '~/lib/link';
import { findAccount } from '~/backend/endpoints/auth.server';
import { FormLook, FormMessage, TextField } from '~/components/forms/fields';
import { CaptchaField, DefaultSubmit, SmsCodeField, SubmitButton, signInLook, useSignInForm } from '~/components/login/fields';
import { useCaptchaKey } from '~/components/login/hooks';
import { auth as copy } from '~/copy/auth';
import { shell } from '~/copy/shell';
import { findAccountSchema } from '~/schemas/auth';
import { backendFor } from '~/session/session.server';
import { answer, freshCaptchaKey, refusedAt, smsFormStep } from './forms.server';
import type { Route } from './+types/find-account';
import classes from './auth.module.css';
import { PRIVATE } from '~/lib/route-policy';
import { readForm } from '~/lib/form-data.server';

const FORM = 'findAccount';

export const meta: Route.MetaFunction = () => [{ title: `${copy.findAccount.title} - ${shell.site.name}` }, { name: 'robots', content: 'noindex' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  return { uuid: await freshCaptchaKey(request, context) };
}

/** Account lookup (findAccountInfo, docs/product.md#entities): the account of a mobile, once its SMS code is given. */
export async function action({ request, context }: Route.ActionArgs) {
  const step = await smsFormStep(request, context, FORM, await readForm(request), findAccountSchema);
  if ('done' in step) return step.done;
  try {
    const account = await backendFor(request, context, { token: null }).call(findAccount, step.value);
    return answer(FORM, step.submission, { ...step.extra, account }, { status: 200 });
  } catch (error) {
    return answer(FORM, step.submission, step.extra, refusedAt(error, { verificationCode: 'verificationCode' }));
  }
}

export default function FindAccount({ loaderData, actionData }: Route.ComponentProps) {
  const {
    Form,
    form,
    fields,
    formProps,
    answer: result,
    busy,
  } = useSignInForm({
    id: 'find-account',
    schema: findAccountSchema,
    action: '/findAccount',
    actionResult: actionData,
  });
  const captcha = useCaptchaKey(actionData && actionData.uuid !== undefined ? actionData.uuid : loaderData.uuid, result);
  const account = result?.account;
  return (
    <main id="main" tabIndex={-1} className="page-container">
      <div className={classes.findAccount}>
        <h1>{copy.findAccount.title}</h1>
        <p>{copy.findAccount.intro}</p>
        {account ? (
          <section className={classes.result} aria-labelledby="find-account-result" role="status">
            <h2 id="find-account-result">{copy.findAccount.resultTitle}</h2>
            <dl>
              <dt>{copy.findAccount.accountName}</dt>
              <dd>{account.accountName}</dd>
              <dt>{copy.findAccount.phoneNumber}</dt>
              <dd>{account.phoneNumber ?? copy.findAccount.none}</dd>
              <dt>{copy.findAccount.fullName}</dt>
              <dd>{account.fullName ?? copy.findAccount.none}</dd>
              <dt>{copy.findAccount.cardNo}</dt>
              <dd>{account.cardNo ?? copy.findAccount.none}</dd>
            </dl>
            <p className={classes.resultLinks}>
              <Link to="/findAccount?login=userLogin">{copy.findAccount.toLogin}</Link>
              <Link to="/findAccount?login=losePWD">{copy.findAccount.toReset}</Link>
            </p>
          </section>
        ) : null}
        <FormLook look={signInLook}>
          <Form {...formProps} className={classes.findForm}>
            <DefaultSubmit />
            <FormMessage form={form} notice={account ? undefined : result?.notice} />
            <TextField meta={fields.mobileNo} label={copy.fields.mobileNo} type="tel" placeholder={copy.placeholders.mobileNo} autoComplete="tel" />
            <CaptchaField meta={fields.captcha} captcha={captcha} />
            <SmsCodeField meta={fields.verificationCode} answer={result} busy={busy} />
            <SubmitButton busy={busy}>{copy.buttons.findAccount}</SubmitButton>
          </Form>
        </FormLook>
      </div>
    </main>
  );
}

/** Cache, robots and body limits of this route (app/lib/route-policy.ts). */
export const handle = PRIVATE;
