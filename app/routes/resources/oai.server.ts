// The OAI-PMH repository's server half: what each verb reads from the backend.
import { journalList, type JournalSummary } from '~/backend/endpoints/journals.server';
import { literatureBase, literatureBaseDetails, type ArticleCard } from '~/backend/endpoints/papers.server';
import { BackendEnvelopeError } from '~/backend/errors';
import type { BackendClient } from '~/backend/client.server';
import { copy } from '~/copy';
import { CONTACT } from '~/copy/pages';
import {
  OAI_DC,
  OaiError,
  articleOfIdentifier,
  decodeToken,
  encodeToken,
  errorXml,
  escapeXml,
  header,
  journalOfSet,
  journalSetSpec,
  oaiDocument,
  readOaiRequest,
  recordIdentifier,
  recordXml,
  resumptionTokenXml,
  type ListPosition,
  type OaiRecord,
  type OaiRequest,
} from '~/lib/oai';
import { articlePdfHref } from '~/lib/pdf';
import { ARTICLE_LICENSE_URL } from '~/lib/scholar';
import { backendFor } from '~/session/session.server';
import type { AppLoadContext } from 'react-router';

/** Records per answer of a list: the backend's largest page. */
const PAGE_SIZE = 100;

const HEADERS = { 'Content-Type': 'text/xml; charset=utf-8', 'Cache-Control': 'public, max-age=300', 'X-Content-Type-Options': 'nosniff' };

/** The answer to an OAI-PMH request with these arguments. */
export async function oaiAnswer(params: URLSearchParams, request: Request, context: AppLoadContext) {
  const origin = context.runtime.publicOrigin;
  const repository = new Repository(backendFor(request, context), origin);
  let oai: OaiRequest | null = null;
  let body: string;
  try {
    oai = readOaiRequest(params);
    body = await repository.answer(oai);
  } catch (error) {
    if (!(error instanceof OaiError)) throw error;
    body = errorXml(error);
    // The request element repeats the arguments only when they were valid.
    if (error.code === 'badVerb' || error.code === 'badArgument') oai = null;
  }
  return new Response(oaiDocument(`${origin}/oai`, new Date(), oai, body), { headers: HEADERS });
}

class Repository {
  private readonly host: string;
  private journals: Promise<Map<number, JournalSummary>> | null = null;

  constructor(
    private readonly backend: BackendClient,
    private readonly origin: string,
  ) {
    this.host = new URL(origin).host;
  }

  answer({ verb, args }: OaiRequest): Promise<string> {
    switch (verb) {
      case 'Identify':
        return this.identify();
      case 'ListMetadataFormats':
        return this.listMetadataFormats(args.identifier);
      case 'ListSets':
        if (args.resumptionToken) throw new OaiError('badResumptionToken', '集合列表没有后续');
        return this.listSets();
      case 'GetRecord':
        return this.getRecord(args.identifier!);
      case 'ListIdentifiers':
      case 'ListRecords': {
        const position: ListPosition = args.resumptionToken
          ? decodeToken(args.resumptionToken)
          : { set: args.set, from: args.from, until: args.until, page: 1 };
        return this.list(position, verb === 'ListRecords');
      }
    }
  }

  private journalMap() {
    this.journals ??= this.backend.call(journalList).then((list) => new Map(list.map((j) => [j.id, j])));
    return this.journals;
  }

  private async identify() {
    const newest = await this.backend.call(literatureBase, { sort: 'publishDate', current: 1, size: 1 });
    const oldest =
      newest.total > 1 ? (await this.backend.call(literatureBase, { sort: 'publishDate', current: newest.total, size: 1 })).records[0] : newest.records[0];
    const earliest = oldest ? datestamp(oldest) : new Date().toISOString().slice(0, 10);
    return [
      '<Identify>',
      `<repositoryName>${escapeXml(copy.site.name)}</repositoryName>`,
      `<baseURL>${escapeXml(`${this.origin}/oai`)}</baseURL>`,
      '<protocolVersion>2.0</protocolVersion>',
      `<adminEmail>${escapeXml(CONTACT.email)}</adminEmail>`,
      `<earliestDatestamp>${earliest}</earliestDatestamp>`,
      '<deletedRecord>no</deletedRecord>',
      '<granularity>YYYY-MM-DD</granularity>',
      '</Identify>',
    ].join('');
  }

  private async listMetadataFormats(identifier: string | undefined) {
    if (identifier) await this.article(identifier);
    return `<ListMetadataFormats><metadataFormat><metadataPrefix>${OAI_DC.metadataPrefix}</metadataPrefix><schema>${OAI_DC.schema}</schema><metadataNamespace>${OAI_DC.metadataNamespace}</metadataNamespace></metadataFormat></ListMetadataFormats>`;
  }

  private async listSets() {
    const journals = [...(await this.journalMap()).values()];
    return `<ListSets>${journals.map((j) => `<set><setSpec>${journalSetSpec(j.id)}</setSpec><setName>${escapeXml(j.name)}</setName></set>`).join('')}</ListSets>`;
  }

  private async article(identifier: string) {
    const id = articleOfIdentifier(this.host, identifier);
    return this.backend.call(literatureBaseDetails, { id }).catch((error: unknown) => {
      if (error instanceof BackendEnvelopeError) throw new OaiError('idDoesNotExist', '没有这个标识符');
      throw error;
    });
  }

  private async getRecord(identifier: string) {
    const article = await this.article(identifier);
    const card: ArticleCard = {
      ...article,
      journalId: article.journal.id,
      journalName: article.journal.name,
      year: article.issue.year,
      volume: article.issue.volume,
      issueNo: article.issue.issueNo,
    };
    return `<GetRecord>${recordXml(await this.record(card))}</GetRecord>`;
  }

  /**
   * One answer of ListIdentifiers or ListRecords: the records of one backend page (newest
   * first) inside the dates asked for; pages without any are skipped, and the dates being
   * sorted, a page older than `from` ends the list.
   */
  private async list(position: ListPosition, withMetadata: boolean) {
    const journalId = position.set !== undefined ? journalOfSet(position.set) : undefined;
    if (journalId !== undefined && !(await this.journalMap()).has(journalId)) throw new OaiError('noRecordsMatch', '没有这个集合');
    for (let page = position.page; ; page++) {
      const result = await this.backend.call(literatureBase, { journalId, sort: 'publishDate', current: page, size: PAGE_SIZE });
      const inRange = result.records.filter((a) => (!position.from || datestamp(a) >= position.from) && (!position.until || datestamp(a) <= position.until));
      const last = page * PAGE_SIZE >= result.total;
      const pastFrom = Boolean(position.from) && result.records.some((a) => datestamp(a) < position.from!);
      const ended = last || pastFrom || result.records.length === 0;
      if (inRange.length === 0 && !ended) continue;
      if (inRange.length === 0) {
        if (position.page === 1 && page === 1) throw new OaiError('noRecordsMatch', '没有符合条件的记录');
        // A continued list that found nothing more: end it with an empty token.
        return `<${withMetadata ? 'ListRecords' : 'ListIdentifiers'}>${resumptionTokenXml(null, (page - 1) * PAGE_SIZE)}</${withMetadata ? 'ListRecords' : 'ListIdentifiers'}>`;
      }
      const records = await Promise.all(inRange.map((a) => this.record(a)));
      const items = records.map((r) => (withMetadata ? recordXml(r) : header(r))).join('');
      const filtered = Boolean(position.from || position.until);
      const token = ended ? null : encodeToken({ ...position, page: page + 1 });
      // Continued lists carry a token; the last answer of one an empty token.
      const resumption = token || page > 1 ? resumptionTokenXml(token, (page - 1) * PAGE_SIZE, filtered ? undefined : result.total) : '';
      const verb = withMetadata ? 'ListRecords' : 'ListIdentifiers';
      return `<${verb}>${items}${resumption}</${verb}>`;
    }
  }

  private async record(article: ArticleCard): Promise<OaiRecord> {
    const journal = (await this.journalMap()).get(article.journalId);
    const page = `${this.origin}/journal/detail?id=${article.id}`;
    const pdf = articlePdfHref(article.pdfFile);
    const pages = article.firstPage ? `: ${article.firstPage}${article.lastPage && article.lastPage !== article.firstPage ? `-${article.lastPage}` : ''}` : '';
    const numbers = `${article.volume ?? ''}${article.issueNo != null ? `(${article.issueNo})` : ''}`;
    return {
      identifier: recordIdentifier(this.host, article.id),
      datestamp: datestamp(article),
      setSpecs: [journalSetSpec(article.journalId)],
      metadata: {
        title: article.title,
        creators: article.authors.map((a) => a.name),
        subjects: article.keywords,
        description: article.abstract,
        publisher: journal?.publisher,
        date: datestamp(article),
        identifiers: [page, ...(article.doi ? [`https://doi.org/${article.doi}`] : []), ...(pdf ? [`${this.origin}${pdf}`] : [])],
        source: `${article.journalName}, ${article.year}${numbers ? `, ${numbers}` : ''}${pages}`,
        relation: journal?.issn ? `ISSN ${journal.issn}` : null,
        language: 'zh',
        rights: ARTICLE_LICENSE_URL,
      },
    };
  }
}

/** A record's datestamp: the day it was published, in an issue or online first. */
function datestamp(article: Pick<ArticleCard, 'publishDate' | 'onlineFirstDate' | 'year'>): string {
  return (article.publishDate ?? article.onlineFirstDate ?? `${article.year}-01-01`).slice(0, 10);
}
