// Phrase banks for the generated data-law content. Organisation names and URLs are real
// public ones; every person, article and news item is fictional.

export interface Pair {
  zh: string;
  en: string;
}

export const COLLECTION_LABELS: Record<string, string> = {
  BDHX: '北大核心',
  AIRITILIB: '华艺学术',
  HEIN: 'HeinOnline',
  TANDF: 'Taylor & Francis',
  CX: '超星',
  WF: '万方',
  RCCSE: 'RCCSE中国核心学术期刊',
  RWSKHX: 'AMI核心',
  ZGKJHX: '科技核心',
  EAPJ: '卓越期刊',
  SKJJZZ: '社科基金资助期刊',
};

export interface JournalDef {
  gch: string;
  name: string;
  nameEn: string;
  issn: string;
  cn: string;
  sponsor: string;
  publisher: string;
  editorInChief: string;
  frequency: string;
  issuesPerYear: number;
  foundedYear: number;
  labels: string[];
  acceptsContribution: boolean;
  doiPrefix: string;
  email: string;
  phone: string;
  address: string;
  introduction: string[];
  weight: number; // share of the generated articles
}

export const JOURNALS: JournalDef[] = [
  {
    gch: 'SJFX',
    name: '数据法学',
    nameEn: 'Data Law Review',
    issn: '2097-3187',
    cn: '11-6092/D',
    sponsor: '中国人民大学',
    publisher: '《数据法学》编辑部',
    editorInChief: '王立明',
    frequency: '双月刊',
    issuesPerYear: 6,
    foundedYear: 2021,
    labels: ['BDHX', 'CX', 'WF', 'RCCSE', 'RWSKHX', 'SKJJZZ', 'HEIN'],
    acceptsContribution: true,
    doiPrefix: '10.19986',
    email: 'sjfx@sandbox-journal.cn',
    phone: '010-62510000',
    address: '北京市海淀区中关村大街59号 明德法学楼',
    introduction: [
      '《数据法学》是由中国人民大学主办、面向数据法治领域的综合性学术期刊，创刊于2021年，双月刊，国内外公开发行。',
      '本刊立足数字中国建设与数据要素市场化配置改革的时代背景，聚焦数据权属、个人信息保护、数据跨境流动、平台治理、人工智能法治与数据安全等前沿议题，致力于推动数据法学学科体系、学术体系与话语体系建设。',
      '本刊坚持学术导向与问题导向相结合，实行严格的双向匿名审稿制度，注重理论创新与实践回应，欢迎法学、计算机科学、管理学等学科的学者和实务工作者惠赐佳作。',
    ],
    weight: 5,
  },
  {
    gch: 'SZFZ',
    name: '数字法治评论',
    nameEn: 'Digital Rule of Law Review',
    issn: '2096-9430',
    cn: '31-2189/D',
    sponsor: '华东政法大学',
    publisher: '《数字法治评论》编辑部',
    editorInChief: '陈卫东',
    frequency: '季刊',
    issuesPerYear: 4,
    foundedYear: 2019,
    labels: ['CX', 'WF', 'AIRITILIB', 'RWSKHX', 'EAPJ'],
    acceptsContribution: true,
    doiPrefix: '10.20127',
    email: 'szfz@sandbox-journal.cn',
    phone: '021-57090000',
    address: '上海市松江区龙源路555号 华东政法大学交谊楼',
    introduction: [
      '《数字法治评论》是华东政法大学主办的法学学术季刊，创刊于2019年，以“法治护航数字经济，规则引领数字未来”为办刊宗旨。',
      '本刊重点刊发数字政府、平台经济监管、算法治理、智慧司法与网络空间国际规则等方向的原创研究成果，兼顾比较法研究与中国问题的本土回应。',
      '本刊设有“名家专论”“平台治理”“人工智能法治”“数字司法”“域外视野”等栏目，所刊论文多次被《新华文摘》《中国社会科学文摘》《高等学校文科学术文摘》转载。',
    ],
    weight: 3,
  },
  {
    gch: 'WLXX',
    name: '网络信息法学研究',
    nameEn: 'Cyber and Information Law Studies',
    issn: '2096-6245',
    cn: '50-1233/D',
    sponsor: '西南政法大学',
    publisher: '《网络信息法学研究》编辑部',
    editorInChief: '刘振华',
    frequency: '半年刊',
    issuesPerYear: 2,
    foundedYear: 2017,
    labels: ['CX', 'WF', 'ZGKJHX'],
    acceptsContribution: false,
    doiPrefix: '10.19539',
    email: 'wlxx@sandbox-journal.cn',
    phone: '023-67250000',
    address: '重庆市渝北区宝圣大道301号',
    introduction: [
      '《网络信息法学研究》由西南政法大学主办，创刊于2017年，是国内较早以网络与信息法为研究对象的专业学术集刊。',
      '本刊关注网络安全、数据安全、个人信息保护、网络犯罪治理与信息技术标准化等领域，倡导法学与信息科学的交叉研究。',
      '本刊目前暂停接受外部投稿，以约稿和专题组稿为主；已刊论文全文在本平台开放获取。',
    ],
    weight: 2,
  },
];

export interface ColumnDef {
  zh: string;
  en: string;
  clc: string[];
  topics: Pair[];
  keywords: string[];
  keywordsEn: string[];
}

export const COLUMNS: ColumnDef[] = [
  {
    zh: '数据权属',
    en: 'Data Ownership',
    clc: ['D923.4', 'D922.16', 'D913'],
    topics: [
      { zh: '数据产权结构性分置', en: 'Structural Separation of Data Property Rights' },
      { zh: '数据资源持有权', en: 'the Right to Hold Data Resources' },
      { zh: '企业数据财产权', en: 'Enterprise Data Property Rights' },
      { zh: '公共数据授权运营', en: 'Authorized Operation of Public Data' },
      { zh: '数据知识产权登记', en: 'Data Intellectual Property Registration' },
      { zh: '数据收益分配', en: 'Distribution of Data Revenues' },
    ],
    keywords: ['数据产权', '数据要素', '数据资源持有权', '数据加工使用权', '数据产品经营权', '公共数据', '数据财产权', '数据交易'],
    keywordsEn: [
      'data property rights',
      'data elements',
      'right to hold data',
      'right to process data',
      'right to operate data products',
      'public data',
      'data property',
      'data trading',
    ],
  },
  {
    zh: '个人信息保护',
    en: 'Personal Information Protection',
    clc: ['D923.8', 'D922.16'],
    topics: [
      { zh: '个人信息处理中的知情同意', en: 'Informed Consent in Personal Information Processing' },
      { zh: '敏感个人信息', en: 'Sensitive Personal Information' },
      { zh: '个人信息可携带权', en: 'the Right to Personal Information Portability' },
      { zh: '自动化决策拒绝权', en: 'the Right to Refuse Automated Decision-Making' },
      { zh: '个人信息保护公益诉讼', en: 'Public Interest Litigation on Personal Information' },
      { zh: '死者个人信息', en: 'Personal Information of the Deceased' },
    ],
    keywords: ['个人信息', '知情同意', '敏感个人信息', '个人信息处理者', '公益诉讼', '人格权', '告知同意规则', '最小必要原则'],
    keywordsEn: [
      'personal information',
      'informed consent',
      'sensitive personal information',
      'personal information processor',
      'public interest litigation',
      'personality rights',
      'notice-and-consent rule',
      'data minimisation',
    ],
  },
  {
    zh: '数据跨境流动',
    en: 'Cross-border Data Flows',
    clc: ['D996.1', 'D922.16'],
    topics: [
      { zh: '数据出境安全评估', en: 'Security Assessment of Outbound Data Transfers' },
      { zh: '个人信息出境标准合同', en: 'Standard Contracts for Outbound Personal Information' },
      { zh: '数据跨境流动规则', en: 'Rules on Cross-border Data Flows' },
      { zh: '数字贸易协定中的数据条款', en: 'Data Clauses in Digital Trade Agreements' },
      { zh: '自由贸易试验区数据负面清单', en: 'Data Negative Lists in Pilot Free Trade Zones' },
    ],
    keywords: ['数据出境', '安全评估', '标准合同', '数字贸易', '数据本地化', '负面清单', '长臂管辖', 'DEPA'],
    keywordsEn: [
      'outbound data transfer',
      'security assessment',
      'standard contract',
      'digital trade',
      'data localisation',
      'negative list',
      'long-arm jurisdiction',
      'DEPA',
    ],
  },
  {
    zh: '平台治理',
    en: 'Platform Governance',
    clc: ['D922.294', 'D922.29'],
    topics: [
      { zh: '超大型平台的守门人义务', en: 'Gatekeeper Obligations of Very Large Platforms' },
      { zh: '平台自治规则', en: 'Self-regulatory Rules of Platforms' },
      { zh: '数据垄断的反垄断规制', en: 'Antitrust Regulation of Data Monopolies' },
      { zh: '平台算法推荐', en: 'Algorithmic Recommendation on Platforms' },
      { zh: '网络平台注意义务', en: 'Duty of Care of Online Platforms' },
    ],
    keywords: ['平台治理', '守门人', '反垄断', '算法推荐', '注意义务', '平台责任', '数字市场', '自我优待'],
    keywordsEn: [
      'platform governance',
      'gatekeeper',
      'antitrust',
      'algorithmic recommendation',
      'duty of care',
      'platform liability',
      'digital markets',
      'self-preferencing',
    ],
  },
  {
    zh: '人工智能法治',
    en: 'Rule of Law for Artificial Intelligence',
    clc: ['D922.17', 'D90-052'],
    topics: [
      { zh: '生成式人工智能', en: 'Generative Artificial Intelligence' },
      { zh: '算法透明', en: 'Algorithmic Transparency' },
      { zh: '人工智能训练数据', en: 'Training Data for Artificial Intelligence' },
      { zh: '深度合成内容标识', en: 'Labelling of Deep Synthesis Content' },
      { zh: '人工智能侵权责任', en: 'Tort Liability for Artificial Intelligence' },
      { zh: '人工智能分级分类监管', en: 'Tiered and Classified Regulation of Artificial Intelligence' },
    ],
    keywords: ['人工智能', '生成式人工智能', '算法治理', '训练数据', '深度合成', '侵权责任', '风险分级', '科技伦理'],
    keywordsEn: [
      'artificial intelligence',
      'generative AI',
      'algorithmic governance',
      'training data',
      'deep synthesis',
      'tort liability',
      'risk tiers',
      'ethics of technology',
    ],
  },
  {
    zh: '数据安全',
    en: 'Data Security',
    clc: ['D922.16', 'D924.3'],
    topics: [
      { zh: '数据分类分级保护', en: 'Classified and Graded Data Protection' },
      { zh: '重要数据识别', en: 'Identification of Important Data' },
      { zh: '数据安全审查', en: 'Data Security Review' },
      { zh: '侵犯公民个人信息罪', en: 'the Crime of Infringing Citizens’ Personal Information' },
      { zh: '关键信息基础设施保护', en: 'Protection of Critical Information Infrastructure' },
    ],
    keywords: ['数据安全', '分类分级', '重要数据', '安全审查', '网络犯罪', '关键信息基础设施', '数据泄露', '合规'],
    keywordsEn: [
      'data security',
      'classification and grading',
      'important data',
      'security review',
      'cybercrime',
      'critical information infrastructure',
      'data breach',
      'compliance',
    ],
  },
  {
    zh: '数字司法',
    en: 'Digital Justice',
    clc: ['D925', 'D926.2'],
    topics: [
      { zh: '电子数据证据', en: 'Electronic Data Evidence' },
      { zh: '在线诉讼规则', en: 'Rules of Online Litigation' },
      { zh: '区块链存证', en: 'Blockchain-based Evidence Preservation' },
      { zh: '智慧法院建设', en: 'the Construction of Smart Courts' },
    ],
    keywords: ['电子数据', '在线诉讼', '区块链', '智慧法院', '证据规则', '司法公开', '数字检察'],
    keywordsEn: ['electronic data', 'online litigation', 'blockchain', 'smart courts', 'rules of evidence', 'judicial openness', 'digital procuratorate'],
  },
];

export const ASPECTS: Pair[] = [
  { zh: '法理基础', en: 'Jurisprudential Foundations' },
  { zh: '制度建构', en: 'Institutional Construction' },
  { zh: '规范路径', en: 'Normative Paths' },
  { zh: '体系化展开', en: 'Systematic Development' },
  { zh: '理论反思', en: 'Theoretical Reflections' },
  { zh: '规制逻辑', en: 'Regulatory Logic' },
  { zh: '司法适用', en: 'Judicial Application' },
  { zh: '权利构造', en: 'Rights Structure' },
  { zh: '功能定位', en: 'Functional Positioning' },
  { zh: '风险治理', en: 'Risk Governance' },
];

export const LAWS: Pair[] = [
  { zh: '《个人信息保护法》', en: 'the Personal Information Protection Law' },
  { zh: '《数据安全法》', en: 'the Data Security Law' },
  { zh: '《网络安全法》', en: 'the Cybersecurity Law' },
  { zh: '《民法典》人格权编', en: 'the Personality Rights Book of the Civil Code' },
  { zh: '《生成式人工智能服务管理暂行办法》', en: 'the Interim Measures for Generative AI Services' },
  { zh: '《促进和规范数据跨境流动规定》', en: 'the Provisions on Promoting and Regulating Cross-border Data Flows' },
  { zh: '“数据二十条”', en: 'the Twenty Measures on Data' },
  { zh: '《反垄断法》', en: 'the Anti-Monopoly Law' },
];

export const INSTITUTIONS: string[] = [
  '中国人民大学法学院',
  '北京大学法学院',
  '清华大学法学院',
  '中国政法大学数据法治研究院',
  '华东政法大学数字法治研究院',
  '西南政法大学人工智能法学院',
  '武汉大学法学院',
  '浙江大学光华法学院',
  '复旦大学法学院',
  '上海交通大学凯原法学院',
  '南京大学法学院',
  '中南财经政法大学法学院',
  '吉林大学法学院',
  '对外经济贸易大学法学院',
  '北京航空航天大学法学院',
  '北京理工大学法学院',
  '中国社会科学院法学研究所',
  '西北政法大学',
  '山东大学法学院',
  '四川大学法学院',
  '厦门大学法学院',
  '同济大学法学院',
  '南开大学法学院',
  '中山大学法学院',
];

export const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤'.split(
    '',
  );
export const GIVEN =
  '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉萍红娥玲芬燕彬鹏辉宇浩凯健俊帆帅旭宁亮飞博文斌雪琳晨晓欣悦思远嘉懿清源昊天一鸣立新志国建华海峰永春振宏卫东子涵雨泽梓睿'.split(
    '',
  );

export const RESEARCH_FIELDS: string[] = [
  '数据法学',
  '个人信息保护法',
  '网络法',
  '人工智能法',
  '民商法',
  '知识产权法',
  '经济法',
  '竞争法',
  '行政法',
  '刑法',
  '国际经济法',
  '诉讼法',
  '法理学',
  '宪法学',
  '数字政府',
  '科技伦理与法律',
];

export const TITLES = ['教授', '教授', '教授', '副教授', '副教授', '研究员', '副研究员'];

export const FUND_KINDS: { zh: string; code: (r: () => number) => string }[] = [
  { zh: '国家社会科学基金重大项目', code: (r) => `${20 + Math.floor(r() * 5)}&ZD${100 + Math.floor(r() * 200)}` },
  { zh: '国家社会科学基金重点项目', code: (r) => `${20 + Math.floor(r() * 5)}AFX${String(1 + Math.floor(r() * 30)).padStart(3, '0')}` },
  { zh: '国家社会科学基金一般项目', code: (r) => `${19 + Math.floor(r() * 6)}BFX${String(1 + Math.floor(r() * 220)).padStart(3, '0')}` },
  { zh: '国家社会科学基金青年项目', code: (r) => `${19 + Math.floor(r() * 6)}CFX${String(1 + Math.floor(r() * 90)).padStart(3, '0')}` },
  { zh: '教育部人文社会科学研究规划基金项目', code: (r) => `${20 + Math.floor(r() * 5)}YJA820${String(1 + Math.floor(r() * 60)).padStart(3, '0')}` },
  { zh: '中国法学会部级法学研究课题', code: (r) => `CLS(${2020 + Math.floor(r() * 5)})C${10 + Math.floor(r() * 80)}` },
];

export const FUND_SUBJECTS = ['研究', '法律规制研究', '制度构建研究', '治理体系研究', '法治保障研究'];

// --- Abstract sentence banks. {t} topic, {l} law, {k} keyword, {a} aspect. ---
export const ABS_OPEN = [
  '随着数字经济的纵深发展，{t}已成为数据要素市场化配置改革中的核心议题。',
  '{t}问题是数字时代法治建设绕不开的基础性命题。',
  '在“数字中国”战略全面推进的背景下，{t}的法律供给明显不足。',
  '{l}施行以来，围绕{t}的理论争议与实践分歧日益凸显。',
  '数据作为新型生产要素，对传统法律制度提出了深刻挑战，{t}即为其中的典型领域。',
];
export const ABS_PROBLEM = [
  '现行立法对{t}的规定较为原则，司法实践中存在裁判标准不统一、责任边界模糊等问题。',
  '既有研究多停留于概念辨析层面，未能充分回应{k}带来的规范难题。',
  '实践中，行政监管、行业自律与司法救济之间衔接不畅，{k}的制度功能难以充分发挥。',
  '域外经验虽可资借鉴，但其制度前提与我国国情存在显著差异，不宜简单移植。',
  '传统部门法框架在回应{k}问题时呈现出明显的解释力不足。',
];
export const ABS_METHOD = [
  '本文运用规范分析与比较法研究方法，系统梳理了{l}的相关条款及其适用困境。',
  '本文以{n}份公开裁判文书为样本，对{k}纠纷的裁判逻辑进行了实证考察。',
  '本文从{a}的视角切入，重新审视{t}的理论内核与制度边界。',
  '本文结合欧盟、美国等主要法域的立法动态，对{t}的规则谱系进行了比较考察。',
];
export const ABS_CLAIM = [
  '研究认为，{t}应当以场景化的利益衡量为基本方法，兼顾个人权益保护与数据合理利用。',
  '研究表明，{k}的制度设计须在安全与发展之间寻求动态平衡，避免“一刀切”式规制。',
  '研究认为，宜将{k}定位为一项复合型的法律机制，而非单一的权利或义务规范。',
  '研究发现，风险导向的分级分类治理更契合{t}的内在规律。',
];
export const ABS_PROPOSAL = [
  '在制度层面，应当明确各方主体的权利义务配置，完善{k}的程序性保障，并强化监管机构之间的协同。',
  '未来立法应当细化{k}的认定标准，建立多元共治的治理格局，同时畅通个人的救济渠道。',
  '具体而言，可从规则供给、执法协同与司法救济三个维度构建{t}的法治保障体系。',
  '为此，应当以{l}为统领，推动配套规则与技术标准的衔接，提升制度的可操作性。',
];
export const ABS_CLOSE = [
  '唯有如此，方能为数字经济的健康发展提供稳定的制度预期。',
  '这一路径有助于推动形成具有中国特色的数据法治理论体系。',
  '上述思路亦可为相关司法解释的制定提供参考。',
  '',
];

export const ABS_EN_OPEN = [
  'With the rapid development of the digital economy, {t} has become a core issue in the market-oriented allocation of data as a factor of production.',
  'Since the entry into force of {l}, disputes over {t} have become increasingly prominent in both theory and practice.',
  '{T} is a foundational question for the rule of law in the digital age.',
];
export const ABS_EN_BODY = [
  'Existing legislation addresses {t} only in general terms, and judicial practice lacks uniform standards.',
  'Drawing on normative analysis and comparative law, this article examines the structure and limits of the current rules.',
  'Based on an empirical study of published judgments, this article reveals the reasoning patterns adopted by the courts.',
  'Foreign experience offers useful references, but its institutional premises differ significantly from those in China.',
];
export const ABS_EN_CLOSE = [
  'The article argues for a scenario-based balancing of interests that protects individual rights while enabling the reasonable use of data.',
  'It proposes a risk-based, tiered regulatory framework supported by clearer procedural safeguards and coordinated enforcement.',
  'It concludes that rule supply, enforcement coordination and judicial remedies should be improved together.',
];

// --- Paper body (getPaperContent): the phrase pools are in prose.ts ---

// --- People ---
export const BOARD_ROLES: { role: string; level: number; count: number }[] = [
  { role: '主编', level: 1, count: 1 },
  { role: '副主编', level: 2, count: 3 },
  { role: '编委', level: 3, count: 16 },
];

// --- News ---
export const NEWS_ORGS = [
  '中国人民大学数据法治研究中心',
  '华东政法大学数字法治研究院',
  '西南政法大学人工智能法学院',
  '中国政法大学数据法治研究院',
  '北京航空航天大学法学院',
  '浙江大学数字法治研究院',
  '武汉大学网络治理研究院',
  '对外经济贸易大学数字经济与法律创新研究中心',
];
export const NEWS_EVENTS: string[] = [
  '举办“{t}”法治保障研讨会',
  '召开“{t}”专题学术沙龙',
  '发布《{t}年度研究报告》',
  '与本刊联合举办“{t}”青年学者论坛',
  '成功举办第{n}届数字法治高端论坛',
  '入选“数据要素×”典型案例研究基地',
];
export const INDUSTRY_NEWS: string[] = [
  '国家数据局就公共数据资源授权运营规则公开征求意见',
  '国家网信办发布促进和规范数据跨境流动配套问答',
  '最高人民法院发布个人信息保护典型案例',
  '最高人民检察院发布涉数据安全犯罪典型案例',
  '全国数据标准化技术委员会发布数据分类分级标准草案',
  '多地数据交易所上线数据产品登记服务',
  '工业和信息化部部署开展移动互联网应用程序个人信息保护专项检查',
  '生成式人工智能服务备案数量持续增长',
  '数据资产入表首个会计年度收官，企业披露情况引关注',
  '上海、深圳数据交易所年度成交额创新高',
  '国家标准《人工智能生成合成内容标识方法》正式实施',
  '数字经济促进法列入立法规划研究项目',
  '北京互联网法院审结首例人工智能生成图片著作权纠纷二审案件',
  '市场监管总局发布平台经济领域合规指引',
  '个人信息保护合规审计管理办法施行',
  '欧盟《人工智能法》进入分阶段实施期',
  '多部门联合开展网络数据安全执法检查',
  '国务院常务会议研究部署数据要素市场建设',
];
export const NEWS_SOURCES = ['《数据法学》编辑部', '法治日报', '人民法院报', '检察日报', '中国长安网', '新华网', '人民网'];
export const HOTSPOTS: string[] = [
  '公共数据授权运营的收益分配机制',
  '生成式人工智能训练数据的合理使用',
  '人脸识别技术应用的边界',
  '数据资产入表的法律风险',
  '个人信息出境认证制度落地',
  '平台算法推荐的透明度义务',
  '自动驾驶数据的安全管理',
  '数据交易所的功能定位',
  '未成年人网络保护与个人信息',
  '网络暴力治理的平台责任',
  '企业数据合规不起诉改革',
  '数字人民币的法律属性',
];

// --- Footer ---
export interface LinkDef {
  title: string;
  url: string;
  status?: number;
  linkType?: number;
}
export const FOOTER_GROUPS: { type: number; name: string; kind: 'column' | 'dropdown'; links: LinkDef[] }[] = [
  {
    type: 1,
    name: '信息动态',
    kind: 'column',
    links: [
      { title: '合作单位动态', url: '/news', linkType: 1 },
      { title: '行业资讯', url: '/news?type=2', linkType: 1 },
      { title: '投稿指南', url: '/aboutUs#contribute', linkType: 1 },
      { title: '开放获取', url: '/aboutUs#open', linkType: 1 },
    ],
  },
  {
    type: 2,
    name: '相关网站',
    kind: 'column',
    links: [
      { title: '中国知网', url: 'https://www.cnki.net' },
      { title: '万方数据', url: 'https://www.wanfangdata.com.cn' },
      { title: '维普资讯', url: 'https://www.cqvip.com' },
      { title: '国家哲学社会科学文献中心', url: 'https://www.ncpssd.cn' },
      { title: '中国法学会', url: 'https://www.chinalaw.org.cn' },
      { title: '作者投稿系统（建设中）', url: '#', status: 0 },
    ],
  },
  {
    type: 3,
    name: '中央国家机关',
    kind: 'dropdown',
    links: [
      { title: '全国人民代表大会', url: 'http://www.npc.gov.cn' },
      { title: '最高人民法院', url: 'https://www.court.gov.cn' },
      { title: '最高人民检察院', url: 'https://www.spp.gov.cn' },
      { title: '司法部', url: 'https://www.moj.gov.cn' },
      { title: '国家互联网信息办公室', url: 'https://www.cac.gov.cn' },
      { title: '国家数据局', url: 'https://www.nda.gov.cn' },
    ],
  },
  {
    type: 4,
    name: '政法媒体',
    kind: 'dropdown',
    links: [
      { title: '法治日报', url: 'http://www.legaldaily.com.cn' },
      { title: '人民法院报', url: 'http://www.rmfyb.com' },
      { title: '检察日报', url: 'http://www.jcrb.com' },
      { title: '中国长安网', url: 'http://www.chinapeace.gov.cn' },
    ],
  },
  {
    type: 5,
    name: '法学院校',
    kind: 'dropdown',
    links: [
      { title: '北京大学法学院', url: 'https://www.law.pku.edu.cn' },
      { title: '中国人民大学法学院', url: 'http://www.law.ruc.edu.cn' },
      { title: '清华大学法学院', url: 'https://www.law.tsinghua.edu.cn' },
      { title: '中国政法大学', url: 'https://www.cupl.edu.cn' },
      { title: '华东政法大学', url: 'https://www.ecupl.edu.cn' },
      { title: '西南政法大学', url: 'https://www.swupl.edu.cn' },
      { title: '中南财经政法大学', url: 'http://www.zuel.edu.cn' },
      { title: '西北政法大学', url: 'https://www.nwupl.edu.cn' },
    ],
  },
];

/** Deliberately unsafe HTML: the portal must sanitise it before rendering. */
export const NOTICE_HTML =
  '<p><strong>温馨提示：</strong>本平台为《数据法学》等期刊的官方投审稿与开放获取平台，' +
  '<span style="color:#1c64d6">不收取任何审稿费、加急费</span>。</p>' +
  '<p>请认准本平台域名，谨防假冒网站及诈骗电话。如有疑问，请致电编辑部：010-62510000。</p>' +
  '<script>window.__sandboxNoticeXss = true; alert("xss")</script>' +
  '<p><img src="/favicon.svg" onerror="window.__sandboxNoticeXss=true" alt="" width="16" height="16"></p>' +
  '<p><a href="javascript:alert(\'xss\')">点击查看详情</a> · <a href="/userGuide" target="_blank">用户指南</a></p>';
