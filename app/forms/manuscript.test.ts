import { describe, expect, it } from 'vitest';
import { manuscriptInfoSchema, manuscriptMessages, splitKeywords } from './manuscript';

const valid = {
  title: '数据要素市场的法律规制研究',
  abstract: '本文讨论数据要素市场中数据产权、数据交易与个人信息保护的制度安排，提出分类分级的规制路径，并论证其可行性与边界问题。',
  keywords: '数据要素；数据交易；个人信息保护',
  columnId: '3',
  authors: [{ name: '张三', institution: '某大学法学院', email: 'zhang@example.com', mobile: '13800000001', corresponding: 'on' }],
};

describe('manuscript information', () => {
  it('splits keywords on Chinese and ASCII separators', () => {
    expect(splitKeywords('数据；法律;治理， 合规')).toEqual(['数据', '法律', '治理', '合规']);
  });

  it('accepts a complete manuscript', () => {
    const parsed = manuscriptInfoSchema.parse(valid);
    expect(parsed.keywords).toHaveLength(3);
    expect(parsed.columnId).toBe(3);
    expect(parsed.authors[0]?.corresponding).toBe(true);
  });

  it('gives Chinese messages next to the fields', () => {
    const result = manuscriptInfoSchema.safeParse({ ...valid, title: '短', keywords: '一；二', authors: [{ name: '张三', institution: '某大学' }] });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(messages).toContainEqual(['title', manuscriptMessages.titleLength]);
    expect(messages).toContainEqual(['keywords', manuscriptMessages.keywordsCount]);
  });

  it('needs a corresponding author with an email', () => {
    const none = manuscriptInfoSchema.safeParse({ ...valid, authors: [{ name: '张三', institution: '某大学' }] });
    expect(none.error?.issues.map((i) => i.message)).toContain(manuscriptMessages.correspondingRequired);
    const noEmail = manuscriptInfoSchema.safeParse({ ...valid, authors: [{ name: '张三', institution: '某大学', corresponding: 'on' }] });
    expect(noEmail.error?.issues).toContainEqual(expect.objectContaining({ path: ['authors', 0, 'email'], message: manuscriptMessages.correspondingContact }));
  });
});
