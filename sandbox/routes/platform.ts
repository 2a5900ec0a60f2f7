// /manage/platform/*: submission templates (real .docx files built in code) and the
// code tables (数据字典) behind the form selects.
import { z } from 'zod';
import { nowTime } from '../clock.js';
import type { DB } from '../db.js';
import type { SandboxEnv } from '../env.js';
import { bizError, createApi, optInt, parse } from '../http.js';
import { fileJson, type Recipe } from '../files.js';

export const TEMPLATES: Record<number, { name: string; recipe: Recipe }> = {
  1: {
    name: '数据法学期刊投稿模板.docx',
    recipe: {
      kind: 'docx',
      title: '投稿模板',
      paragraphs: [
        { text: '论文标题（不超过25字，必要时可加副标题）', bold: true, size: 36, center: true },
        { text: 'English Title of the Paper', center: true },
        '作者：作者一（单位全称）；作者二（单位全称）',
        '作者单位：单位全称，城市 邮编',
        '摘要：摘要应概括研究问题、研究方法、主要观点和结论，200-300字，使用第三人称，不加评论和解释。',
        '关键词：关键词一；关键词二；关键词三',
        '基金项目：项目名称（项目编号）',
        { text: '一、问题的提出', bold: true },
        '正文采用五号宋体，1.5倍行距。一级标题用“一、”，二级标题用“（一）”，三级标题用“1.”。',
        { text: '二、……', bold: true },
        '注释采用脚注，每页重新编号，格式参照《法学引注手册》。',
        { text: '参考文献', bold: true },
        '[1] 作者：《文章名》，载《期刊名》年份第期。',
        '作者简介：姓名，单位，职称，研究方向。通讯地址、邮编、电话、电子邮箱。',
      ],
    },
  },
  2: {
    name: '版权转让协议.docx',
    recipe: {
      kind: 'docx',
      title: '版权转让协议',
      paragraphs: [
        { text: '版权转让协议', bold: true, size: 36, center: true },
        '稿件题名：________________________________',
        '稿件编号：________________',
        '一、作者保证该作品为原创作品，不侵犯任何第三方的著作权及其他合法权益。',
        '二、作品一经录用，作者同意将该作品的复制权、发行权、汇编权、翻译权及信息网络传播权转让给编辑部，编辑部有权将作品收录于数据库及网络平台。',
        '三、本协议自作品录用之日起生效。',
        '全体作者签名：________________    日期：____年__月__日',
      ],
    },
  },
  3: {
    name: '原创性声明.docx',
    recipe: {
      kind: 'docx',
      title: '原创性声明',
      paragraphs: [
        { text: '学术论文原创性声明', bold: true, size: 36, center: true },
        '本人郑重声明：所投稿件系本人（及合作者）独立完成的研究成果，不存在抄袭、剽窃、伪造、篡改、一稿多投、重复发表等学术不端行为；文中引用他人成果均已注明出处。',
        '如有违反，本人愿承担由此产生的一切责任。',
        '作者签名：________________    日期：____年__月__日',
      ],
    },
  },
};

/** Code tables: father 0 lists the tables; 1 职称, 2 学历, 3 基金级别, 4 论文类型, 5 发票类型, 6 反馈类型. */
export const CODINGS: [number, string, string[]][] = [
  [1, 'title', ['教授', '副教授', '讲师', '研究员', '副研究员', '助理研究员', '博士研究生', '硕士研究生', '法官', '检察官', '律师', '其他']],
  [2, 'degree', ['博士', '硕士', '学士', '其他']],
  [3, 'fund', ['国家级', '省部级', '厅局级', '校级', '横向课题', '无']],
  [4, 'paperType', ['学术论文', '综述', '案例评析', '书评', '译文']],
  [5, 'invoiceType', ['个人', '单位']],
  [6, 'feedbackType', ['功能建议', '页面问题', '投稿问题', '账号问题', '其他']],
];
const TABLE_NAMES = ['职称', '学历', '基金级别', '论文类型', '发票类型', '反馈类型'];

export function seedCodings(db: DB): void {
  const ins = db.prepare('INSERT INTO codings (id, father_id, code, name, sort) VALUES (?,?,?,?,?)');
  CODINGS.forEach(([id, code], i) => ins.run(id, 0, code, TABLE_NAMES[i] as string, i + 1));
  let next = 100;
  for (const [father, code, names] of CODINGS) {
    names.forEach((name, i) => ins.run(next++, father, `${code}_${i + 1}`, name, i + 1));
  }
}

export function platformRoutes(env: SandboxEnv) {
  const { db, log, files } = env;
  const api = createApi(db, log);

  api.post('/fileTemplate/getAttachmentByType', ({ params }) => {
    const { type } = parse(z.object({ type: optInt() }), params);
    const list = type === undefined ? Object.keys(TEMPLATES).map(Number) : [type];
    const out = list.map((t) => {
      const tpl = TEMPLATES[t];
      if (!tpl) throw bizError('模板类型不正确', 404);
      const blob = files.putRecipe(tpl.recipe, nowTime(db));
      return { type: t, name: tpl.name.replace(/\.docx$/, ''), ...fileJson({ ...blob, fileName: tpl.name }) };
    });
    return type === undefined ? out : out[0];
  });

  api.post('/coding/getCodingByFatherId', ({ params }) => {
    const { fatherId } = parse(z.object({ fatherId: optInt() }), params);
    return (
      db
        .prepare(
          `SELECT id, father_id AS fatherId, code, name, sort,
          EXISTS (SELECT 1 FROM codings k WHERE k.father_id = c.id) AS hasChildren
        FROM codings c WHERE father_id = ? ORDER BY sort`,
        )
        .all(fatherId ?? 0) as { hasChildren: number }[]
    ).map((r) => ({ ...r, hasChildren: r.hasChildren === 1 }));
  });

  return api.router;
}
