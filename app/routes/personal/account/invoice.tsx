import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { checkedBy } from '~/components/forms/validate';
import { parseWithZod } from '@conform-to/zod/v4';
import { Fragment } from 'react';
import { data, Form, useLocation, useNavigation } from 'react-router';
import { addInvoicingInformation, getInvoicingInformation, type InvoicingInput } from '~/backend/endpoints/verification.server';
import { FieldError, FormLook, FormMessage, SubmitButton, TextField } from '~/components/forms/fields';
import { verificationLook } from '~/components/verification/look';
import classes from '~/components/verification/verification.module.css';
import { verification as copy } from '~/copy/verification';
import { INVOICE_TYPES, invoiceRefusalFields, invoiceSchema, maskTaxpayerNo, verificationMessages } from '~/schemas/verification';
import { pageMeta } from '~/lib/meta';
import { requireAuthor } from '~/session/guard.server';
import { backendFor } from '~/session/session.server';
import type { z } from 'zod';
import type { Route } from './+types/invoice';
import { redirectWithToast, refusalOf } from '~/lib/action-result.server';
import { refusalErrors } from '~/schemas/refusal';
import { readForm } from '~/lib/form-data.server';

export const meta: Route.MetaFunction = () => pageMeta({ title: copy.meta.invoice, noindex: true });

const PAGE = '/personal/account/invoice';

/**
 * /personal/account/invoice: the saved invoicing information (one per user) and the form
 * that replaces it. The taxpayer number never reaches the page whole: it is shown masked,
 * and left empty it stays as saved.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAuthor(request, context);
  const info = await backendFor(request, context).call(getInvoicingInformation);
  if (!info) return { info: null };
  return { info: { ...info, taxpayerNo: info.taxpayerNo ? maskTaxpayerNo(info.taxpayerNo) : null } };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireAuthor(request, context);
  const submission = parseWithZod(await readForm(request), { schema: invoiceSchema });
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 });
  const v = submission.value;
  const backend = backendFor(request, context);
  const company = v.type === '2';
  let taxpayerNo = company ? v.taxpayerNo : undefined;
  if (company && !taxpayerNo) {
    // Left empty: the number saved before (the page only ever had its mask).
    taxpayerNo = (await backend.call(getInvoicingInformation))?.taxpayerNo ?? undefined;
    if (!taxpayerNo) return data({ result: submission.reply({ fieldErrors: { taxpayerNo: [verificationMessages.taxpayerRequired] } }) }, { status: 400 });
  }
  const input: InvoicingInput = {
    type: Number(v.type),
    title: v.title,
    taxpayerNo,
    address: v.address,
    phone: v.phone,
    bank: v.bank,
    account: v.account,
    email: v.email,
  };
  try {
    await backend.call(addInvoicingInformation, input);
  } catch (error) {
    return data({ result: submission.reply(refusalErrors(refusalOf(error), invoiceRefusalFields)) }, { status: 400 });
  }
  return redirectWithToast(context, PAGE, copy.invoice.saved);
}

type Info = NonNullable<Route.ComponentProps['loaderData']['info']>;

function Saved({ info }: { info: Info }) {
  const rows: [string, string | null][] = [
    [copy.invoice.type, copy.invoice.types[String(info.type)] ?? info.typeName],
    [copy.invoice.titleField, info.title],
    [copy.invoice.taxpayerNo, info.taxpayerNo],
    [copy.invoice.address, info.address],
    [copy.invoice.phone, info.phone],
    [copy.invoice.bank, info.bank],
    [copy.invoice.account, info.account],
    [copy.invoice.email, info.email],
    [copy.invoice.updateTime, info.updateTime],
  ];
  return (
    <dl className={classes.dl}>
      {rows
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd className={label === copy.invoice.taxpayerNo ? classes.mono : undefined}>{value}</dd>
          </Fragment>
        ))}
    </dl>
  );
}

function InvoiceForm({ info, lastResult }: { info: Info | null; lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const saved = info?.taxpayerNo ?? null;
  const [form, fields] = useForm<z.input<typeof invoiceSchema>>({
    id: 'invoice',
    lastResult,
    defaultValue: {
      type: String(info?.type ?? 1),
      title: info?.title ?? '',
      keepTaxpayerNo: saved ? '1' : undefined,
      address: info?.address ?? '',
      phone: info?.phone ?? '',
      bank: info?.bank ?? '',
      account: info?.account ?? '',
      email: info?.email ?? '',
    },
    ...checkedBy(invoiceSchema),
  });
  const busy = navigation.state === 'submitting';
  const typeError = fields.type.errors?.length ? fields.type.errorId : undefined;
  return (
    <Form method="post" action={PAGE} {...getFormProps(form)} className={classes.form}>
      <FormMessage form={form} />
      <fieldset className={classes.radios} aria-describedby={typeError}>
        <legend>{copy.invoice.type}</legend>
        {INVOICE_TYPES.map((t) => {
          const { key, ...props } = getInputProps(fields.type, { type: 'radio', value: t.value, ariaDescribedBy: undefined });
          return (
            <label key={key ?? t.value}>
              <input {...props} id={`${fields.type.id}-${t.value}`} />
              {t.label}
            </label>
          );
        })}
        <FieldError meta={fields.type} />
      </fieldset>
      <TextField meta={fields.title} label={copy.invoice.titleField} hint={copy.invoice.titleHintPersonal} autoComplete="organization" />
      <TextField
        meta={fields.taxpayerNo}
        label={copy.invoice.taxpayerNo}
        hint={saved ? `${copy.invoice.taxpayerHint}；${copy.invoice.taxpayerKeep(saved)}` : copy.invoice.taxpayerHint}
        autoComplete="off"
        className={classes.mono}
      />
      {saved ? <input type="hidden" name={fields.keepTaxpayerNo.name} value="1" /> : null}
      <div className={classes.grid}>
        <TextField meta={fields.address} label={copy.invoice.address} optional autoComplete="street-address" />
        <TextField meta={fields.phone} label={copy.invoice.phone} type="tel" optional autoComplete="tel" />
        <TextField meta={fields.bank} label={copy.invoice.bank} optional />
        <TextField meta={fields.account} label={copy.invoice.account} optional inputMode="numeric" autoComplete="off" />
      </div>
      <TextField meta={fields.email} label={copy.invoice.email} type="email" optional autoComplete="email" />
      <div className={classes.actions}>
        <SubmitButton busy={busy} busyLabel={copy.common.saving}>
          {copy.invoice.submit}
        </SubmitButton>
      </div>
    </Form>
  );
}

export default function Invoice({ loaderData, actionData }: Route.ComponentProps) {
  const { info } = loaderData;
  // A new page (after a redirect) starts a fresh form with the saved values.
  const location = useLocation();
  return (
    <FormLook look={verificationLook}>
      <section className={classes.section} aria-labelledby="invoice-current">
        <h2 id="invoice-current">{copy.invoice.current}</h2>
        <p className={classes.intro}>{copy.invoice.intro}</p>
        {info ? <Saved info={info} /> : <p className={classes.note}>{copy.invoice.none}</p>}
      </section>
      <section className={classes.section} aria-labelledby="invoice-form">
        <h2 id="invoice-form">{info ? copy.invoice.editSaved : copy.invoice.edit}</h2>
        <InvoiceForm key={location.key} info={info} lastResult={actionData?.result} />
      </section>
    </FormLook>
  );
}
