import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import {
  editAuthorList,
  manuscriptFormResult,
  manuscriptFormSchema,
  manuscriptSchemaForIntent,
  formatRemarksSchema,
  manuscriptChanges,
  manuscriptFormValues,
  manuscriptInfoSchema,
  manuscriptMessages,
  responseLetterMessages,
  responseLetterSchema,
  retractionMessages,
  retractionReasonSchema,
  splitKeywords,
  type ManuscriptFormValues,
  manuscriptFileMessages,
  revisionSchema,
  submissionFileSchema,
  uploadRefusal,
} from './manuscript';
import { SUBMISSION_RULES } from '../../contract/submission-rules';

const valid = {
  title: '数据要素市场的法律规制研究',
  // 232 characters: inside the 投稿须知's 200-300.
  abstract: '本文讨论数据要素市场中数据产权、数据交易与个人信息保护的制度安排，提出分类分级的规制路径，并论证其可行性与边界问题。'.repeat(4),
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

  it("holds the abstract and keywords to the 投稿须知's numbers, with those numbers in the message", () => {
    const [min, max] = SUBMISSION_RULES.abstract;
    const abstractError = (abstract: string) =>
      manuscriptInfoSchema.safeParse({ ...valid, abstract }).error?.issues.find((i) => i.path[0] === 'abstract')?.message;
    expect(abstractError('摘'.repeat(min))).toBeUndefined();
    expect(abstractError('摘'.repeat(max))).toBeUndefined();
    expect(abstractError('摘'.repeat(min - 1))).toBe('中文摘要应为200-300字');
    expect(abstractError('摘'.repeat(max + 1))).toBe('中文摘要应为200-300字');
    const keywordError = (n: number) =>
      manuscriptInfoSchema
        .safeParse({ ...valid, keywords: Array.from({ length: n }, (_, i) => `关键词${i}`).join('；') })
        .error?.issues.find((i) => i.path[0] === 'keywords')?.message;
    expect([2, 3, 5, 6].map(keywordError)).toEqual(['关键词应为3-5个，用“；”分隔', undefined, undefined, '关键词应为3-5个，用“；”分隔']);
  });

  it('needs a corresponding author with an email', () => {
    const none = manuscriptInfoSchema.safeParse({ ...valid, authors: [{ name: '张三', institution: '某大学' }] });
    expect(none.error?.issues.map((i) => i.message)).toContain(manuscriptMessages.correspondingRequired);
    const noEmail = manuscriptInfoSchema.safeParse({ ...valid, authors: [{ name: '张三', institution: '某大学', corresponding: 'on' }] });
    expect(noEmail.error?.issues).toContainEqual(expect.objectContaining({ path: ['authors', 0, 'email'], message: manuscriptMessages.correspondingContact }));
  });
});

const form = (over: Partial<ManuscriptFormValues> = {}): ManuscriptFormValues => ({
  title: '数据要素市场的法律规制研究',
  titleEn: undefined,
  abstract: valid.abstract,
  keywords: '数据要素；数据交易；个人信息保护',
  columnId: '3',
  paperType: '学术论文',
  fund: '国家社会科学基金项目（23BFX001）',
  remark: undefined,
  authors: [
    { name: '张三', institution: '某大学法学院', email: undefined, mobile: undefined, corresponding: undefined },
    { name: '李四', institution: '某研究院', email: 'li@example.com', mobile: '13800000002', corresponding: 'on' },
  ],
  ...over,
});

describe('the form fields', () => {
  it('reads authors[i].* and the index of the corresponding author', () => {
    const data = new FormData();
    data.set('title', '  ');
    data.set('authors[0].name', '张三');
    data.set('authors[0].institution', '某大学');
    data.set('authors[1].name', '李四');
    data.set('authors[1].institution', '某研究院');
    data.set('corresponding', '1');
    const values = manuscriptFormValues(data);
    expect(values.title).toBeUndefined();
    expect(values.authors.map((a) => a.corresponding)).toEqual([undefined, 'on']);
  });
});

describe('editing the author list without JavaScript', () => {
  it('adds, removes and moves authors, and leaves other intents alone', () => {
    const values = form();
    expect(editAuthorList(values, 'check')).toBeNull();
    expect(editAuthorList(values, 'addAuthor')?.authors).toHaveLength(3);
    expect(editAuthorList(values, 'removeAuthor:0')?.authors.map((a) => a.name)).toEqual(['李四']);
    expect(editAuthorList(values, 'authorUp:1')?.authors.map((a) => a.name)).toEqual(['李四', '张三']);
    expect(editAuthorList(values, 'authorDown:0')?.authors.map((a) => a.name)).toEqual(['李四', '张三']);
  });

  it('ignores moves out of range and never removes the last author or adds an eleventh', () => {
    const values = form();
    expect(editAuthorList(values, 'authorUp:0')?.authors.map((a) => a.name)).toEqual(['张三', '李四']);
    expect(editAuthorList(values, 'authorDown:1')?.authors.map((a) => a.name)).toEqual(['张三', '李四']);
    expect(editAuthorList(values, 'authorUp:9')?.authors.map((a) => a.name)).toEqual(['张三', '李四']);
    const one = form({ authors: [form().authors[1]!] });
    expect(editAuthorList(one, 'removeAuthor:0')?.authors).toHaveLength(1);
    const ten = form({ authors: Array.from({ length: 10 }, () => form().authors[0]!) });
    expect(editAuthorList(ten, 'addAuthor')?.authors).toHaveLength(10);
  });
});

describe('what an edit changes (核对修改)', () => {
  const columns = [
    { id: 3, name: '数据治理' },
    { id: 4, name: '个人信息保护' },
  ];

  it('finds nothing when nothing changed, however the keywords were typed', () => {
    expect(manuscriptChanges(form(), form({ keywords: '数据要素;数据交易， 个人信息保护' }), columns)).toEqual([]);
  });

  it('lists each changed field with the texts before and after', () => {
    const changes = manuscriptChanges(form(), form({ title: '数据要素市场的法律规制研究（修订）', columnId: '4', fund: undefined }), columns);
    expect(changes).toEqual([
      { field: 'title', before: '数据要素市场的法律规制研究', after: '数据要素市场的法律规制研究（修订）' },
      { field: 'columnId', before: '数据治理', after: '个人信息保护' },
      { field: 'fund', before: '国家社会科学基金项目（23BFX001）', after: '' },
    ]);
  });

  it('compares the authors as lines, with the corresponding author and their contact', () => {
    const after = form({ authors: [...form().authors].reverse() });
    const [change] = manuscriptChanges(form(), after, columns);
    expect(change?.field).toBe('authors');
    expect(change?.before).toBe('张三（某大学法学院）\n李四（某研究院），通讯作者：li@example.com 13800000002');
    expect(change?.after.split('\n')[0]).toBe('李四（某研究院），通讯作者：li@example.com 13800000002');
  });

  it('does not count an unset paper type (the default) as a change', () => {
    expect(manuscriptChanges(form({ paperType: undefined }), form(), columns)).toEqual([]);
  });
});

describe('修改说明 and 撤稿理由', () => {
  it('needs 10-5000 characters of 修改说明', () => {
    expect(responseLetterSchema.safeParse('').error?.issues[0]?.message).toBe(responseLetterMessages.required);
    expect(responseLetterSchema.safeParse('太短的说明').error?.issues[0]?.message).toBe(responseLetterMessages.length);
    expect(responseLetterSchema.safeParse('修'.repeat(5001)).error?.issues[0]?.message).toBe(responseLetterMessages.length);
    expect(responseLetterSchema.parse('  已按审稿意见补充文献并修改第二部分。 ')).toBe('已按审稿意见补充文献并修改第二部分。');
  });

  it('needs 5-500 characters of 撤稿理由', () => {
    expect(retractionReasonSchema.safeParse('   ').error?.issues[0]?.message).toBe(retractionMessages.required);
    expect(retractionReasonSchema.safeParse('太短').error?.issues[0]?.message).toBe(retractionMessages.length);
    expect(retractionReasonSchema.safeParse('撤'.repeat(501)).error?.issues[0]?.message).toBe(retractionMessages.length);
    expect(retractionReasonSchema.parse('需要补充新的实证材料')).toBe('需要补充新的实证材料');
  });
});

describe('formatRemarksSchema', () => {
  it('takes 1-1000 characters, trimmed, with Chinese messages', () => {
    expect(formatRemarksSchema.parse('  英文标题已补充  ')).toBe('英文标题已补充');
    expect(formatRemarksSchema.safeParse('   ').error?.issues[0]?.message).toBe('请填写格式说明');
    expect(formatRemarksSchema.safeParse('格'.repeat(1000)).success).toBe(true);
    expect(formatRemarksSchema.safeParse('格'.repeat(1001)).error?.issues[0]?.message).toBe('格式说明不能超过1000个字符');
  });
});

describe('the manuscript form as the browser posts it', () => {
  const posted = (fields: Record<string, string>) => parseWithZod(formOf(fields), { schema: manuscriptFormSchema });
  const complete = {
    title: valid.title,
    abstract: valid.abstract,
    keywords: valid.keywords,
    columnId: '3',
    'authors[0].name': '李四',
    'authors[0].institution': '某研究院',
    'authors[1].name': '张三',
    'authors[1].institution': '某大学法学院',
    'authors[1].email': 'zhang@example.com',
    'authors[1].mobile': '13800000001',
  };

  it('marks the author whose radio is chosen as the corresponding one', () => {
    const submission = posted({ ...complete, corresponding: '1' });
    expect(submission.status).toBe('success');
    if (submission.status === 'success') expect(submission.value.authors.map((a) => a.corresponding)).toEqual([false, true]);
  });

  it('asks the corresponding author for a contact, under conform’s names of the fields', () => {
    const submission = posted({ ...complete, corresponding: '0' });
    expect(submission.status).toBe('error');
    if (submission.status === 'error') {
      expect(submission.error?.['authors[0].email']).toEqual([manuscriptMessages.correspondingContact]);
      expect(submission.error?.['authors[0].mobile']).toEqual([manuscriptMessages.correspondingContact]);
    }
  });

  it('checks each button for what it needs: everything to go on, the lengths for a draft, nothing for the author list', () => {
    expect(manuscriptSchemaForIntent('next')).toBe(manuscriptFormSchema);
    expect(manuscriptSchemaForIntent('save').safeParse({ title: '短' }).success).toBe(true);
    expect(manuscriptSchemaForIntent('save').safeParse({ title: '长'.repeat(101) }).success).toBe(false);
    expect(manuscriptSchemaForIntent('addAuthor').safeParse({}).success).toBe(true);
  });

  it('gives the server’s answer back with the values typed and the errors under conform’s names', () => {
    const values = manuscriptFormValues(formOf({ ...complete, corresponding: '1', 'authors[1].email': 'bad' }));
    expect(manuscriptFormResult(values, { title: '标题', 'authors.1.email': '邮箱', form: '整体' })).toEqual({
      status: 'error',
      initialValue: {
        title: valid.title,
        abstract: valid.abstract,
        keywords: valid.keywords,
        columnId: '3',
        corresponding: '1',
        authors: [
          { name: '李四', institution: '某研究院' },
          { name: '张三', institution: '某大学法学院', email: 'bad', mobile: '13800000001' },
        ],
      },
      error: { title: ['标题'], 'authors[1].email': ['邮箱'], '': ['整体'] },
    });
  });
});

function formOf(fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.append(name, value);
  return formData;
}

describe('the files of a submission and a revision, as the browser checks them', () => {
  const form = (entries: [string, string | File][]) => {
    const data = new FormData();
    for (const [name, value] of entries) data.append(name, value);
    return data;
  };
  const docx = (bytes: number, name = '论文.docx') => new File([new Uint8Array(bytes)], name);
  const errors = (data: FormData, schema: Parameters<typeof parseWithZod>[1]['schema']) => {
    const submission = parseWithZod(data, { schema });
    return submission.status === 'error' ? submission.error : null;
  };
  /** A new manuscript's step 1 with this file and the premise accepted, limit 1 MB. */
  const withPremise = (file: File) =>
    errors(
      form([
        ['file', file],
        ['accept', 'on'],
      ]),
      submissionFileSchema(1, true),
    );

  it('asks for the file and the accepted premise of a new manuscript, not of a replaced file', () => {
    const empty = new File([], '');
    expect(errors(form([['file', empty]]), submissionFileSchema(50, true))).toEqual({
      file: [manuscriptFileMessages.required],
      accept: [manuscriptFileMessages.premiseRequired],
    });
    expect(errors(form([['file', docx(10)]]), submissionFileSchema(50, false))).toBeNull();
    expect(withPremise(docx(10))).toBeNull();
  });

  it('refuses a file that is not Word or PDF by its name, whatever the case of its extension, and one over the size limit', () => {
    for (const name of ['论文.exe', '论文.docx.zip', '论文', '论文.txt'])
      expect(withPremise(docx(10, name))).toEqual({ file: [manuscriptFileMessages.wrongType] });
    for (const name of ['论文.DOCX', '论文.Pdf', '论文.doc']) expect(withPremise(docx(10, name))).toBeNull();
    expect(withPremise(docx(1024 * 1024 + 1))).toEqual({ file: [manuscriptFileMessages.tooLarge(1)] });
  });

  it('asks a revision for its 修改说明 and its file, each with its own message', () => {
    const revision = (letter: string, file: File) =>
      errors(
        form([
          ['responseLetter', letter],
          ['file', file],
        ]),
        revisionSchema(50),
      );
    expect(revision('太短', new File([], ''))).toEqual({ responseLetter: [responseLetterMessages.length], file: [manuscriptFileMessages.revisionRequired] });
    expect(revision('已按审稿意见逐条修改并补充了案例分析', docx(10))).toBeNull();
  });

  it('gives a refused upload back as conform reads it: the refusal for the form and the text as typed', () => {
    expect(uploadRefusal('文件内容与类型不符', { responseLetter: '已修改' })).toEqual({
      status: 'error',
      initialValue: { responseLetter: '已修改' },
      error: { '': ['文件内容与类型不符'] },
    });
  });
});
