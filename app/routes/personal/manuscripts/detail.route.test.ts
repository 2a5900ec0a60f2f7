import { describe, expect, it } from 'vitest';
import { formPost, routeContext, signedInSandbox } from '../../../../tests/support/route-context';
import { formatRemarksMessages, paymentMessages, proofMessages } from '~/schemas/manuscript';
import { action } from './detail';
import { action as payAction } from './payment';

/**
 * The forms of a manuscript's page and of its page-fee page, their server logic called
 * directly: a real Request, the real sandbox, no browser.
 */
type ActionArgs = Parameters<typeof action>[0];
type Refused = { init: { status: number }; data: { form?: string; result: { error: Record<string, string[] | null>; initialValue: Record<string, unknown> } } };

describe("a manuscript page's forms", () => {
  const suite = signedInSandbox();

  const post = (id: number, fields: Record<string, string>, path = '') =>
    ({
      request: formPost(`http://portal.test/personal/manuscripts/${id}${path}`, fields, suite.cookie),
      context: routeContext(suite.sandbox.url),
      params: { id: String(id) },
    }) as unknown as ActionArgs;

  it('refuses empty or too long 格式说明 at the field, keeping the text, and saves a valid one', async () => {
    const empty = (await action(post(1, { intent: 'formatRemarks', remarks: '   ' }))) as unknown as Refused;
    expect(empty.init.status).toBe(400);
    expect(empty.data.form).toBe('format');
    expect(empty.data.result.error.remarks).toEqual([formatRemarksMessages.required]);

    const long = '格'.repeat(1001);
    const tooLong = (await action(post(1, { intent: 'formatRemarks', remarks: long }))) as unknown as Refused;
    expect(tooLong.data.result.error.remarks).toEqual([formatRemarksMessages.length]);
    expect(tooLong.data.result.initialValue.remarks).toBe(long);

    const saved = (await action(post(1, { intent: 'formatRemarks', remarks: '英文标题已补充。' }))) as Response;
    expect(saved.status).toBe(302);
    expect(saved.headers.get('Location')).toBe('/personal/manuscripts/1#format-check');
  });

  it('asks for a remark to send proof corrections but not to confirm the proof, and refuses one over 2000 characters', async () => {
    expect((await suite.sandbox.post('/__sandbox/manuscripts/1/advance', { stage: 'proof' })).body.success).toBe(true);
    const noRemark = (await action(post(1, { intent: 'proofCorrections', remark: '' }))) as unknown as Refused;
    expect(noRemark.init.status).toBe(400);
    expect(noRemark.data.form).toBe('proof');
    expect(noRemark.data.result.error.remark).toEqual([proofMessages.remarkRequired]);

    const tooLong = (await action(post(1, { intent: 'confirmProof', remark: '改'.repeat(2001) }))) as unknown as Refused;
    expect(tooLong.data.result.error.remark).toEqual([proofMessages.remarkLength]);

    const sent = (await action(post(1, { intent: 'proofCorrections', remark: '第3页脚注2的出处年份应为2023年。' }))) as Response;
    expect(sent.status).toBe(302);
    expect(sent.headers.get('Location')).toBe('/personal/manuscripts/1');
  });

  it('refuses a page-fee payment without a way to pay at its field, and a tampered order number for the whole form', async () => {
    const pay = (fields: Record<string, string>) =>
      payAction(post(4, fields, '/payment') as unknown as Parameters<typeof payAction>[0]) as unknown as Promise<Refused>;
    const noMethod = await pay({ orderNo: 'SJ20251220000000004' });
    expect(noMethod.init.status).toBe(400);
    expect(noMethod.data.result.error.payMethod).toEqual([paymentMessages.payMethodRequired]);

    const tampered = await pay({ orderNo: '../../x', payMethod: 'wechat' });
    expect(tampered.init.status).toBe(400);
    expect(tampered.data.result.error['']).toEqual([paymentMessages.orderInvalid]);
  });
});
