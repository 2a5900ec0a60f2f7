// An article's publication history: 网络首发 versions before print (organizationApi/
// prePublicationRevision), then the records by WeiPu id (paperSearchApi/getAmendmentRecordByWeiPuId).
import { addDays } from './seed/dates.js';

interface HistoryRow {
  id: number;
  published_date: string;
  online_first_date: string | null;
}

/** Articles with a correction (勘误) after print: a fixed, deterministic share. */
export function hasCorrection(id: number): boolean {
  return id % 7 === 0;
}

/** 网络首发 versions of an online-first article before its issue: 录用定稿, then 排版定稿. */
export function prePublicationRevisions(row: HistoryRow) {
  if (!row.online_first_date) return [];
  const typeset = addDays(row.online_first_date, 21);
  return [
    {
      id: row.id * 10 + 1,
      paperId: row.id,
      version: 1,
      stage: '录用定稿',
      description: '录用定稿网络首发，内容与出版版本一致，页码与期次待定',
      publishTime: `${row.online_first_date} 09:30:00`,
    },
    ...(typeset < row.published_date
      ? [
          {
            id: row.id * 10 + 2,
            paperId: row.id,
            version: 2,
            stage: '排版定稿',
            description: '排版定稿网络首发，已确定期次与页码',
            publishTime: `${typeset} 10:00:00`,
          },
        ]
      : []),
  ];
}

/** 网络首发 (online-first articles), 正式出版, and 勘误 thirty days after print for some. */
export function amendmentRecords(row: HistoryRow) {
  const records: { id: number; version: number; type: string; description: string; updateTime: string }[] = [];
  if (row.online_first_date) {
    records.push({ id: row.id * 10 + 1, version: records.length + 1, type: '网络首发', description: '录用定稿网络首发', updateTime: row.online_first_date });
  }
  records.push({ id: row.id * 10 + 2, version: records.length + 1, type: '正式出版', description: '出版定稿，页码与期次确定', updateTime: row.published_date });
  if (hasCorrection(row.id)) {
    records.push({
      id: row.id * 10 + 3,
      version: records.length + 1,
      type: '勘误',
      description: '更正参考文献著录格式及作者单位信息；更正后的全文与 PDF 已替换原版本',
      updateTime: addDays(row.published_date, 30),
    });
  }
  return records;
}
