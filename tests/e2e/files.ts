/** Files the e2e tests upload. */
import { buildDocx } from '../../sandbox/docx';

/** The smallest PDF the portal's type check accepts. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** A 1×1 PNG the browser can draw. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** The abstract of `manuscriptDocx`, which the backend pre-fills the form with: 245 characters, as the 投稿须知 asks. */
export const ABSTRACT =
  '本文以数据跨境流动为研究对象，梳理我国数据出境安全评估、标准合同与认证三种路径的制度构造，比较域外立法经验，提出分类分级、风险导向的规制框架，并讨论其在实践中的适用边界与完善建议。' +
  '研究发现，现行规则在重要数据识别、个人信息出境的告知同意以及监管协同方面仍有不足：企业难以预判评估结论，跨部门执法口径不一，境外接收方的义务也缺乏可执行的约束。' +
  '为此，本文主张以数据分类分级为基础，细化豁免情形与申报门槛，建立评估结果互认与事后监督相结合的机制，在保障国家数据安全的同时促进数据依法有序自由流动。';

/** A .docx laid out like the journal's template, so the backend pre-fills the form from it. */
export function manuscriptDocx(title: string): Buffer {
  return buildDocx([
    { text: title, bold: true, size: 32, center: true },
    'Legal Regulation of Cross-border Data Flows',
    '作者：王五（某大学法学院）；赵六（某研究院）',
    `摘要：${ABSTRACT}`,
    '关键词：数据跨境；安全评估；标准合同',
    '基金项目：国家社会科学基金项目（23BFX001）',
    '一、引言',
    '正文内容。'.repeat(50),
  ]);
}
