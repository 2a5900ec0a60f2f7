/**
 * OAI-PMH 2.0 (https://www.openarchives.org/OAI/openarchivesprotocol.html): the harvesting
 * interface BASE, CORE, OpenAIRE and library aggregators collect journal articles through.
 * This module reads a request's arguments and writes the XML answers; the route
 * (routes/resources/oai.ts) fetches what they describe from the backend.
 */

export type OaiVerb = 'Identify' | 'ListMetadataFormats' | 'ListSets' | 'GetRecord' | 'ListIdentifiers' | 'ListRecords';
export type OaiErrorCode =
  | 'badArgument'
  | 'badResumptionToken'
  | 'badVerb'
  | 'cannotDisseminateFormat'
  | 'idDoesNotExist'
  | 'noMetadataFormats'
  | 'noRecordsMatch'
  | 'noSetHierarchy';

export class OaiError extends Error {
  constructor(
    readonly code: OaiErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export const OAI_DC = {
  metadataPrefix: 'oai_dc',
  schema: 'http://www.openarchives.org/OAI/2.0/oai_dc.xsd',
  metadataNamespace: 'http://www.openarchives.org/OAI/2.0/oai_dc/',
} as const;

/** Which arguments each verb takes (required, optional, or exclusive: resumptionToken alone). */
const ARGUMENTS: Record<OaiVerb, { required: string[]; optional: string[]; exclusive?: string }> = {
  Identify: { required: [], optional: [] },
  ListMetadataFormats: { required: [], optional: ['identifier'] },
  ListSets: { required: [], optional: [], exclusive: 'resumptionToken' },
  GetRecord: { required: ['identifier', 'metadataPrefix'], optional: [] },
  ListIdentifiers: { required: ['metadataPrefix'], optional: ['from', 'until', 'set'], exclusive: 'resumptionToken' },
  ListRecords: { required: ['metadataPrefix'], optional: ['from', 'until', 'set'], exclusive: 'resumptionToken' },
};

export interface OaiRequest {
  verb: OaiVerb;
  args: Record<string, string>;
}

/** A request's verb and arguments, or the error the protocol names for what is wrong with them. */
export function readOaiRequest(params: URLSearchParams): OaiRequest {
  const verb = params.getAll('verb');
  if (verb.length !== 1 || !Object.hasOwn(ARGUMENTS, verb[0]!)) throw new OaiError('badVerb', verb.length > 1 ? 'verb 参数重复' : '不支持的 verb');
  const rule = ARGUMENTS[verb[0] as OaiVerb];
  const args: Record<string, string> = {};
  for (const key of new Set(params.keys())) {
    if (key === 'verb') continue;
    const values = params.getAll(key);
    if (values.length > 1) throw new OaiError('badArgument', `参数 ${key} 重复`);
    if (![...rule.required, ...rule.optional, rule.exclusive].includes(key)) throw new OaiError('badArgument', `${verb[0]} 不接受参数 ${key}`);
    args[key] = values[0]!;
  }
  if (rule.exclusive && args[rule.exclusive] !== undefined) {
    if (Object.keys(args).length > 1) throw new OaiError('badArgument', `${rule.exclusive} 须单独使用`);
  } else {
    for (const key of rule.required) if (args[key] === undefined) throw new OaiError('badArgument', `缺少参数 ${key}`);
  }
  for (const key of ['from', 'until'] as const) {
    if (args[key] !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(args[key]!)) throw new OaiError('badArgument', `${key} 须为 YYYY-MM-DD`);
  }
  if (args.from && args.until && args.from > args.until) throw new OaiError('badArgument', 'from 晚于 until');
  if (args.metadataPrefix !== undefined && args.metadataPrefix !== OAI_DC.metadataPrefix) throw new OaiError('cannotDisseminateFormat', '仅提供 oai_dc 格式');
  return { verb: verb[0] as OaiVerb, args };
}

/** Where a list continues: its selection and the backend page to read next. */
export interface ListPosition {
  set?: string;
  from?: string;
  until?: string;
  page: number;
}

/** An opaque resumption token (base64url of the position). */
export function encodeToken(position: ListPosition): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

export function decodeToken(token: string): ListPosition {
  try {
    const value = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as Partial<ListPosition>;
    const text = (v: unknown) => v === undefined || (typeof v === 'string' && v.length < 64);
    if (Number.isInteger(value.page) && value.page! > 1 && text(value.set) && text(value.from) && text(value.until)) return value as ListPosition;
  } catch {
    // fall through: not a token of ours
  }
  throw new OaiError('badResumptionToken', '无效的 resumptionToken');
}

/** A set per journal: `journal:<id>`. */
export const journalSetSpec = (journalId: number) => `journal:${journalId}`;

export function journalOfSet(setSpec: string): number {
  const match = /^journal:(\d{1,9})$/.exec(setSpec);
  if (!match) throw new OaiError('noRecordsMatch', '没有这个集合');
  return Number(match[1]);
}

/** `oai:<host>:article/<id>`, and back. */
export const recordIdentifier = (host: string, articleId: number) => `oai:${host}:article/${articleId}`;

export function articleOfIdentifier(host: string, identifier: string): number {
  const prefix = `oai:${host}:article/`;
  const id = identifier.startsWith(prefix) ? identifier.slice(prefix.length) : '';
  if (!/^[1-9]\d{0,9}$/.test(id)) throw new OaiError('idDoesNotExist', '没有这个标识符');
  return Number(id);
}

export function escapeXml(value: string): string {
  return (
    value
      // eslint-disable-next-line no-control-regex -- XML 1.0 cannot carry these characters at all.
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!)
  );
}

/** The Dublin Core of an article. */
export interface DublinCore {
  title: string;
  creators: string[];
  subjects: string[];
  description?: string | null;
  publisher?: string | null;
  date: string;
  identifiers: string[];
  source: string;
  language: string;
  rights: string;
  relation?: string | null;
}

export interface OaiRecord {
  identifier: string;
  datestamp: string;
  setSpecs: string[];
  metadata: DublinCore;
}

const element = (name: string, value: string | null | undefined) => (value ? `<${name}>${escapeXml(value)}</${name}>` : '');

export function oaiDc(dc: DublinCore): string {
  return [
    `<oai_dc:dc xmlns:oai_dc="${OAI_DC.metadataNamespace}" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="${OAI_DC.metadataNamespace} ${OAI_DC.schema}">`,
    element('dc:title', dc.title),
    ...dc.creators.map((c) => element('dc:creator', c)),
    ...dc.subjects.map((s) => element('dc:subject', s)),
    element('dc:description', dc.description),
    element('dc:publisher', dc.publisher),
    element('dc:date', dc.date),
    element('dc:type', 'info:eu-repo/semantics/article'),
    element('dc:type', 'Text'),
    element('dc:format', 'application/pdf'),
    ...dc.identifiers.map((i) => element('dc:identifier', i)),
    element('dc:source', dc.source),
    element('dc:language', dc.language),
    element('dc:relation', dc.relation),
    element('dc:rights', dc.rights),
    '</oai_dc:dc>',
  ].join('');
}

export function header(record: Pick<OaiRecord, 'identifier' | 'datestamp' | 'setSpecs'>): string {
  return `<header><identifier>${escapeXml(record.identifier)}</identifier><datestamp>${record.datestamp}</datestamp>${record.setSpecs.map((s) => `<setSpec>${escapeXml(s)}</setSpec>`).join('')}</header>`;
}

export const recordXml = (record: OaiRecord) => `<record>${header(record)}<metadata>${oaiDc(record.metadata)}</metadata></record>`;

export function resumptionTokenXml(token: string | null, cursor: number, completeListSize?: number): string {
  const size = completeListSize !== undefined ? ` completeListSize="${completeListSize}"` : '';
  return `<resumptionToken cursor="${cursor}"${size}>${token ? escapeXml(token) : ''}</resumptionToken>`;
}

/** The envelope of every answer; `request` echoes the arguments only when they were valid. */
export function oaiDocument(baseUrl: string, now: Date, request: OaiRequest | null, body: string): string {
  const attributes = request ? [['verb', request.verb], ...Object.entries(request.args)].map(([k, v]) => ` ${k}="${escapeXml(v!)}"`).join('') : '';
  return [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    '<OAI-PMH xmlns="http://www.openarchives.org/OAI/2.0/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.openarchives.org/OAI/2.0/ http://www.openarchives.org/OAI/2.0/OAI-PMH.xsd">',
    `<responseDate>${now.toISOString().replace(/\.\d{3}Z$/, 'Z')}</responseDate>`,
    `<request${attributes}>${escapeXml(baseUrl)}</request>`,
    body,
    '</OAI-PMH>\n',
  ].join('');
}

export const errorXml = (error: OaiError) => `<error code="${error.code}">${escapeXml(error.message)}</error>`;
