import { data, redirect } from 'react-router';
import { describe, expect, it } from 'vitest';
import { BackendEnvelopeError } from './errors';
import { optional } from './optional.server';

const refused = () => Promise.reject(new BackendEnvelopeError('/api/x', 500, '暂无数据'));
const outage = () => Promise.reject(data({ backendFailure: 'network', requestId: 'r1' }, { status: 503 }));

describe('optional', () => {
  it('passes the answer through', async () => {
    expect(await optional(Promise.resolve([1, 2]), [])).toEqual([1, 2]);
  });

  it('falls back when the backend refuses the call', async () => {
    expect(await optional(refused(), [])).toEqual([]);
  });

  it('lets an outage through unless it is named', async () => {
    await expect(optional(outage(), [])).rejects.toMatchObject({ init: { status: 503 } });
    expect(await optional(outage(), 'none', ['refused', 'network'])).toBe('none');
  });

  it('lets the 403 redirect through: the session still ends', async () => {
    await expect(optional(Promise.reject(redirect('/')), [])).rejects.toBeInstanceOf(Response);
  });

  it('lets a refusal through when only infrastructure failures are named', async () => {
    await expect(optional(refused(), [], ['timeout'])).rejects.toBeInstanceOf(BackendEnvelopeError);
  });
});
