// /manage/author: the files of a manuscript the author downloads or has generated
// (manuscript versions, proof, title package, offer letter, information form).
import { z } from 'zod';
import type { SandboxEnv } from '../../env.js';
import { fileJson, type Recipe } from '../../files.js';
import { RESPONDED, bizError, createApi, optInt, parse, withMessage, type Ctx } from '../../http.js';
import {
  FILE_KINDS,
  STAGES,
  addFile,
  latestFile,
  manuscriptAuthors,
  manuscriptFiles,
  offerRecipe,
  titlePageRecipe,
  type FileKind,
  type ManuscriptRow,
} from '../../manuscripts.js';
import { authorTools } from './params.js';

export function documentRoutes(env: SandboxEnv) {
  const { db, log, files } = env;
  const api = createApi(db, log);
  const { now, mine } = authorTools(env);

  // --- downloads ---

  const sendFile = (ctx: Ctx, f: { hash: string; fileName: string } | undefined | null, missing: string) => {
    if (!f) throw bizError(missing, 404);
    files.send(ctx.res, f.hash, f.fileName);
    return RESPONDED;
  };

  api.any('/paper/downloadManuscript', (ctx) => {
    const row = mine(ctx);
    const { fileId } = parse(z.object({ fileId: optInt() }), ctx.params);
    const f = fileId ? manuscriptFiles(db, row.id).find((x) => x.id === fileId) : latestFile(db, row.id, ['original', 'revision']);
    return sendFile(ctx, f, '稿件文件不存在');
  });

  api.any('/paper/downloadManuscriptByType', (ctx) => {
    const row = mine(ctx);
    const q = parse(
      z.object({
        type: z.enum(Object.keys(FILE_KINDS) as [FileKind, ...FileKind[]], { error: '文件类型不正确' }),
        version: optInt(),
      }),
      ctx.params,
    );
    const list = manuscriptFiles(db, row.id, q.type);
    const f = q.version ? list.find((x) => x.version === q.version) : list[list.length - 1];
    return sendFile(ctx, f, `该稿件没有${FILE_KINDS[q.type]}文件`);
  });

  api.any('/paper/downloadTheEntireProof', (ctx) => {
    const row = mine(ctx);
    return sendFile(ctx, latestFile(db, row.id, ['proof']), '校样尚未生成');
  });

  const titlePackage = (row: ManuscriptRow): Recipe => {
    const authors = manuscriptAuthors(db, row.id);
    const lines = [
      `稿件编号：${row.manuscript_no ?? ''}`,
      `题名：${row.title}`,
      `英文题名：${row.title_en ?? ''}`,
      `作者：${authors.map((a) => a.name).join('；')}`,
      `单位：${[...new Set(authors.map((a) => a.institution))].join('；')}`,
      `摘要：${row.abstract}`,
      `关键词：${(JSON.parse(row.keywords) as string[]).join('；')}`,
      `基金项目：${row.fund ?? ''}`,
      `栏目：${row.column_name ?? ''}`,
      `期刊：${row.journal_name}`,
    ];
    return {
      kind: 'zip',
      entries: [
        { name: '题录.txt', text: `${lines.join('\r\n')}\r\n` },
        { name: '标题页.docx', recipe: titlePageRecipe(db, row) },
      ],
    };
  };
  const packageName = (row: ManuscriptRow) => `题录包-${row.manuscript_no ?? row.id}.zip`;

  api.any('/paper/downloadTitlePackage', (ctx) => {
    const row = mine(ctx);
    const blob = files.putRecipe(titlePackage(row), now());
    files.send(ctx.res, blob.hash, packageName(row));
    return RESPONDED;
  });

  api.post('/paper/newDownloadTitlePackage', (ctx) => {
    const row = mine(ctx);
    const blob = files.putRecipe(titlePackage(row), now());
    return fileJson({ ...blob, fileName: packageName(row) });
  });

  const offerReady = (row: ManuscriptRow) => ['accepted', 'proof', 'payment', 'published'].includes(row.status);

  api.any('/paper/downloadTheOfferNotice', (ctx) => {
    const row = mine(ctx);
    if (!offerReady(row)) throw bizError('稿件尚未录用，没有录用通知');
    return sendFile(ctx, latestFile(db, row.id, ['offer']), '录用通知尚未生成');
  });

  api.post('/paper/generateOffer', (ctx) => {
    const row = mine(ctx);
    if (!offerReady(row)) throw bizError('稿件尚未录用，不能生成录用通知');
    const t = now();
    const blob = files.putRecipe(offerRecipe(db, row, t.slice(0, 10)), t);
    const existing = latestFile(db, row.id, ['offer']);
    if (existing?.hash !== blob.hash) addFile(db, row.id, 'offer', blob.hash, `录用通知-${row.manuscript_no ?? row.id}.pdf`, t);
    return withMessage(latestFile(db, row.id, ['offer']), '录用通知已生成');
  });

  api.post('/paper/getGenerateOffer', (ctx) => {
    const row = mine(ctx);
    const f = latestFile(db, row.id, ['offer']);
    return { generated: f !== undefined, file: f ?? null };
  });

  const infoForm = (row: ManuscriptRow): Recipe => {
    const authors = manuscriptAuthors(db, row.id);
    return {
      kind: 'docx',
      title: `稿件信息表-${row.manuscript_no ?? row.id}`,
      paragraphs: [
        { text: `《${row.journal_name}》稿件信息表`, bold: true, size: 32, center: true },
        `稿件编号：${row.manuscript_no ?? '（未投稿）'}`,
        `题名：${row.title}`,
        `栏目：${row.column_name ?? ''}`,
        `论文类型：${row.paper_type}`,
        `摘要：${row.abstract}`,
        `关键词：${(JSON.parse(row.keywords) as string[]).join('；')}`,
        `基金项目：${row.fund ?? '无'}`,
        ...authors.map((a) => `作者${a.order}：${a.name}，${a.institution}${a.title ? `，${a.title}` : ''}${a.corresponding ? '（通讯作者）' : ''}`),
        `稿件状态：${STAGES[row.status]}`,
      ],
    };
  };

  api.any('/paper/downloadWord', (ctx) => {
    const row = mine(ctx);
    const word = manuscriptFiles(db, row.id)
      .filter((f) => (f.kind === 'original' || f.kind === 'revision') && (f.fileType === 'docx' || f.fileType === 'doc'))
      .pop();
    if (word) return sendFile(ctx, word, '');
    const blob = files.putRecipe(infoForm(row), now());
    files.send(ctx.res, blob.hash, `稿件信息表-${row.manuscript_no ?? row.id}.docx`);
    return RESPONDED;
  });

  const CREATE_TYPES = ['info', 'titlePage', 'offer'] as const;
  const createFile = (ctx: Ctx) => {
    const row = mine(ctx);
    const { type } = parse(
      z.object({ type: z.preprocess((v) => (v === '' || v === undefined ? 'info' : v), z.enum(CREATE_TYPES, { error: '文件类型不正确' })) }),
      ctx.params,
    );
    const t = now();
    if (type === 'offer') {
      if (!offerReady(row)) throw bizError('稿件尚未录用，不能生成录用通知');
      const f = latestFile(db, row.id, ['offer']);
      if (f) return f;
      const blob = files.putRecipe(offerRecipe(db, row, t.slice(0, 10)), t);
      return fileJson({ ...blob, fileName: `录用通知-${row.manuscript_no ?? row.id}.pdf` });
    }
    const recipe = type === 'info' ? infoForm(row) : titlePageRecipe(db, row);
    const blob = files.putRecipe(recipe, t);
    return fileJson({ ...blob, fileName: `${type === 'info' ? '稿件信息表' : '标题页'}-${row.manuscript_no ?? row.id}.docx` });
  };

  api.post('/paper/getCreateFile', (ctx) => createFile(ctx));

  api.post('/paper/getCreateFilePreviewPath', (ctx) => {
    const f = createFile(ctx);
    return { url: f.previewUrl, fileName: f.fileName, fileType: f.fileType, previewType: f.fileType === 'pdf' ? 'pdf' : 'office' };
  });

  return api.router;
}
