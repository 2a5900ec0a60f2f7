import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, Form, useNavigation } from 'react-router';
import { CheckboxField, FormLook, FormMessage, RadioField } from '~/components/forms/fields';
import { checkedBy } from '~/components/forms/validate';
import { manuscriptLook } from '~/components/manuscripts/look';
import { paymentSchema } from '~/schemas/manuscript';
import { Link } from '~/lib/link';
import { confirmThePayment, getOrderSubmissionInformation, whetherCanBePaid } from '~/backend/endpoints/fund.server';
import { remainderIssue, type RemainderIssue } from '~/backend/endpoints/manuscripts.server';
import { BackendEnvelopeError } from '~/backend/errors';
import { manuscripts as copy } from '~/copy/manuscripts';
import { pageMeta } from '~/lib/meta';
import { requireAuthor } from '~/session/guard.server';
import { backendFor } from '~/session/session.server';
import { redirectWithToast, refusal } from '~/lib/action-result.server';
import type { Route } from './+types/payment';
import { loadManuscript, manuscriptId } from './manuscript.server';
import { manuscriptPath } from '~/components/manuscripts/paths';
import classes from '~/components/manuscripts/manuscripts.module.css';
import { readForm } from '~/lib/form-data.server';

export const meta: Route.MetaFunction = () => pageMeta({ title: copy.payment.title, noindex: true });

/**
 * /personal/manuscripts/:id/payment: the fee notice and order of a manuscript in the
 * payment stage (whetherCanBePaid, getOrderSubmissionInformation), the payment
 * (confirmThePayment; the sandbox simulates the processor) and, once paid, the receipt.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireAuthor(request, context);
  const id = manuscriptId(params.id);
  const paper = await loadManuscript(request, context, id);
  const backend = backendFor(request, context);
  const [status, issues] = await Promise.all([
    backend.call(whetherCanBePaid, { paperId: id }),
    // Context only: the journal's issues being put together (getRemainderIssue); the page shows without them.
    backend.call(remainderIssue, { id }).catch((error: unknown): RemainderIssue[] => {
      if (error instanceof BackendEnvelopeError) return [];
      throw error;
    }),
  ]);
  let order = null;
  if (status.orderNo || paper.order) {
    try {
      order = await backend.call(getOrderSubmissionInformation, { paperId: id });
    } catch (error) {
      if (!(error instanceof BackendEnvelopeError)) throw error;
    }
  }
  return {
    paper: {
      id: paper.id,
      title: paper.title,
      manuscriptNo: paper.manuscriptNo,
      journalName: paper.journalName,
      plannedIssueId: paper.plannedIssue?.id ?? null,
    },
    status,
    order,
    issues,
  };
}

/** Pays the order; paying an order already paid (a resubmitted form) answers it as paid. What was chosen stays on a refusal. */
export async function action({ request, context, params }: Route.ActionArgs) {
  requireAuthor(request, context);
  const id = manuscriptId(params.id);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: paymentSchema });
  // The order number comes from the page itself: a wrong one is the form's problem, not a field's.
  const refused = (errors?: { formErrors?: string[] }) => data({ result: submission.reply(errors) }, { status: 400 });
  if (submission.status !== 'success') return refused(submission.error?.orderNo ? { formErrors: submission.error.orderNo } : undefined);
  const { orderNo, payMethod, needInvoice } = submission.value;
  try {
    await backendFor(request, context).call(confirmThePayment, { orderNo, payMethod, needInvoice: needInvoice === 'on' });
  } catch (error) {
    return refused({ formErrors: [refusal(error)] });
  }
  return redirectWithToast(context, `${manuscriptPath(id)}/payment`, copy.payment.paid);
}

export default function Payment({ loaderData, actionData }: Route.ComponentProps) {
  const { paper, status, order, issues } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const t = copy.payment;
  const paid = order?.status === 'paid' || status.paid;
  const invoicing = order?.invoicingInformation ?? null;
  const [form, fields] = useForm({
    id: 'payment',
    defaultValue: { payMethod: order?.payMethods[0]?.code ?? 'wechat' },
    lastResult: actionData?.result,
    ...checkedBy(paymentSchema, 'onSubmit'),
  });
  return (
    <main id="main" tabIndex={-1}>
      <p>
        <Link to={manuscriptPath(paper.id)}>{t.back}</Link>
      </p>
      <section className={classes.panel} aria-labelledby="payment-title">
        <h1 id="payment-title">{t.title}</h1>
        <p className={classes.meta}>
          《{paper.title}》{paper.manuscriptNo ? ` · ${paper.manuscriptNo}` : ''}
        </p>
        {paid ? (
          <p className={classes.success} role="status">
            {t.paid}：{t.paidNote}
          </p>
        ) : null}
        {!order ? <p>{status.reason || t.unavailable}</p> : null}
      </section>
      {order ? (
        <section className={classes.panel} aria-labelledby="payment-notice">
          <h2 id="payment-notice">{t.notice}</h2>
          {!paid ? <p>{t.intro}</p> : null}
          <dl className={classes.dl}>
            <dt>{t.orderNo}</dt>
            <dd data-testid="order-no">{order.orderNo}</dd>
            <dt>{t.paper}</dt>
            <dd>{paper.title}</dd>
            {order.payee ? (
              <>
                <dt>{t.payee}</dt>
                <dd>{order.payee}</dd>
              </>
            ) : null}
            <dt>{t.status}</dt>
            <dd data-testid="order-status">{order.statusName ?? order.status}</dd>
            {order.createTime ? (
              <>
                <dt>{t.createTime}</dt>
                <dd>{order.createTime}</dd>
              </>
            ) : null}
            {order.paidTime ? (
              <>
                <dt>{t.paidTime}</dt>
                <dd>{order.paidTime}</dd>
              </>
            ) : null}
            {order.transactionNo ? (
              <>
                <dt>{t.transactionNo}</dt>
                <dd>{order.transactionNo}</dd>
              </>
            ) : null}
            {order.payMethod ? (
              <>
                <dt>{t.payMethodPaid}</dt>
                <dd>{order.payMethods.find((m) => m.code === order.payMethod)?.name ?? order.payMethod}</dd>
              </>
            ) : null}
          </dl>
          <table className={classes.table} style={{ marginTop: 16 }}>
            <thead>
              <tr>
                <th scope="col">{t.items.name}</th>
                <th scope="col">{t.items.quantity}</th>
                <th scope="col">{t.items.unitPrice}</th>
                <th scope="col">{t.items.amount}</th>
              </tr>
            </thead>
            <tbody>
              {order.items.map((item) => (
                <tr key={item.name}>
                  <td>{item.name}</td>
                  <td>
                    {item.quantity}
                    {item.unit ?? ''}
                  </td>
                  <td>{item.unitPrice.toFixed(2)}</td>
                  <td>{item.amount.toFixed(2)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className={classes.amount}>{t.total(order.amount)}</p>
          {paid ? (
            <a href={`${manuscriptPath(paper.id)}/download/receipt`} download className={classes.secondary}>
              {t.receipt}
            </a>
          ) : status.canPay ? (
            <FormLook look={manuscriptLook}>
              <Form method="post" action={`${manuscriptPath(paper.id)}/payment`} {...getFormProps(form)}>
                <input type="hidden" name="orderNo" value={order.orderNo} />
                <FormMessage form={form} />
                <RadioField meta={fields.payMethod} label={t.payMethod} options={order.payMethods.map((m) => ({ value: m.code, label: m.name }))} />
                <CheckboxField meta={fields.needInvoice} label={t.needInvoice} />
                <p className={classes.hint}>
                  {invoicing?.title ? (
                    t.invoiceTo(invoicing.title)
                  ) : (
                    <>
                      {t.noInvoicing}
                      <Link to="/personal/account/invoice">{t.fillInvoicing}</Link>
                    </>
                  )}
                </p>
                <p className={classes.hint}>{t.processor}</p>
                <button type="submit" className={classes.button} disabled={busy}>
                  {busy ? t.submitting : t.confirm(order.amount)}
                </button>
              </Form>
            </FormLook>
          ) : (
            <p>{status.reason}</p>
          )}
        </section>
      ) : null}
      <RemainderIssues issues={issues} plannedIssueId={paper.plannedIssueId} journalName={paper.journalName ?? null} />
    </main>
  );
}

function RemainderIssues({ issues, plannedIssueId, journalName }: { issues: RemainderIssue[]; plannedIssueId: number | null; journalName: string | null }) {
  const t = copy.remainder;
  return (
    <section className={classes.panel} aria-labelledby="remainder-issues">
      <h2 id="remainder-issues">
        {t.title}
        {journalName ? `（${journalName}）` : ''}
      </h2>
      {issues.length ? (
        <>
          <p className={classes.meta}>{t.intro}</p>
          <table className={classes.table} style={{ marginTop: 8 }}>
            <thead>
              <tr>
                <th scope="col">{t.columns.issue}</th>
                <th scope="col">{t.columns.publishDate}</th>
                <th scope="col">{t.columns.capacity}</th>
                <th scope="col">{t.columns.remainder}</th>
              </tr>
            </thead>
            <tbody>
              {issues.map((issue) => (
                <tr key={issue.id} data-issue={issue.id}>
                  <td>
                    {t.issue(issue.year, issue.issueNo)}
                    {issue.id === plannedIssueId ? <strong>{t.yours}</strong> : null}
                  </td>
                  <td>{issue.publishDate}</td>
                  <td>{issue.capacity}</td>
                  <td className={issue.remainder > 0 ? undefined : classes.notOk}>{issue.remainder > 0 ? issue.remainder : t.full}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : (
        <p className={classes.meta}>{t.none}</p>
      )}
    </section>
  );
}
