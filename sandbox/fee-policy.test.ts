import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pages } from '../app/copy/pages';
import { manuscripts } from '../app/copy/manuscripts';
import { PAGE_FEE_CENTS } from './manuscripts.js';
import { startTestSandbox, type TestSandbox } from './testing.js';

/**
 * One page-fee policy, told the same way everywhere (docs/product.md#page-fees): no review
 * fee; after acceptance and the proof, each journal charges the 版面费 its submission notice
 * states per typeset page, paid only inside the personal centre. Every public text that
 * mentions 版面费 (the portal's pages and the backend's notices, messages and prizes)
 * agrees with that, and with what the orders charge.
 */
const DENIES_FEE = /不收取[^。；，]*版面费|版面费[^。；]*(?:全免|免收|免费)|无需[^。；]*版面费|不需要。/;
const PER_PAGE = PAGE_FEE_CENTS / 100;

function texts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'function') return [];
  if (Array.isArray(value)) return value.flatMap(texts);
  if (value && typeof value === 'object') return Object.values(value).flatMap(texts);
  return [];
}

describe('the page-fee policy', () => {
  let sandbox: TestSandbox;
  let token = '';
  beforeAll(async () => {
    sandbox = await startTestSandbox(20);
    token = await sandbox.login();
  });
  afterAll(async () => sandbox.close());

  it('is never denied by the portal’s own pages, and they send payment to the personal centre only', () => {
    const all = texts(pages).filter((text) => text.includes('版面费'));
    expect(all.length).toBeGreaterThan(2);
    for (const text of all) expect(text, text).not.toMatch(DENIES_FEE);
    expect(texts(pages.furtherPages.distinguish).join('')).toMatch(/个人中心[^。]*我的稿件/);
    expect(
      texts(manuscripts)
        .filter((text) => text.includes('版面费'))
        .every((text) => !DENIES_FEE.test(text)),
    ).toBe(true);
  });

  it('is what every journal’s submission notice states, with the amount the orders charge', async () => {
    const journals = (await sandbox.post<{ gch: string }[]>('/api/journalSearchApi/list', {})).body.entity;
    const codes = [...new Set(journals.map((j) => j.gch).filter(Boolean))];
    expect(codes.length).toBeGreaterThan(1);
    const premise = await Promise.all(
      codes.map(async (gch) => (await sandbox.post<{ notice: string }>('/manage/journal/journal/getSubmissionPremiseByGch', { gch }, { token })).body.entity),
    );
    for (const entity of premise) {
      expect(entity.notice).toContain(`每版${PER_PAGE}元`);
      expect(entity.notice).not.toMatch(DENIES_FEE);
    }
  });

  it('agrees with the messages and prizes the backend sends', async () => {
    const messages = (
      await sandbox.post<{ records: { title: string; content: string }[] }>('/manage/employee/employeeNewsletter/list', { current: 1, size: 100 }, { token })
    ).body.entity.records;
    const activities = (await sandbox.post<unknown>('/manage/preferential/lotteryActivity/getActivities', {}, { token })).body.entity;
    const mentions = [...texts(messages), ...texts(activities)].filter((text) => text.includes('版面费'));
    expect(mentions.length).toBeGreaterThan(0);
    for (const text of mentions) expect(text, text).not.toMatch(DENIES_FEE);
  });
});
