import { article as t } from '~/copy/article';
import { chineseDate } from '~/lib/format';
import type { HistoryEntry } from '~/lib/publication-history';
import classes from './article.module.css';

/** 网络首发 / 正式出版 / 勘误 as a timeline, oldest first; each entry has its anchor. */
export function PublicationHistory({ entries }: { entries: HistoryEntry[] }) {
  return (
    <ol className={classes.timeline}>
      {entries.map((entry) => (
        <li key={entry.id} id={entry.id} className={classes.timelineEntry} data-kind={entry.kind}>
          <span className={classes.timelineLabel}>{entry.label}</span>
          {entry.date ? (
            <time className={classes.timelineDate} dateTime={entry.date}>
              {chineseDate(entry.date)}
            </time>
          ) : null}
          {entry.description ? <p className={classes.timelineText}>{entry.description}</p> : null}
        </li>
      ))}
    </ol>
  );
}

/** The notice at the top of a corrected article, linking to the correction's entry in the timeline. */
export function CorrectionNotice({ entry }: { entry: HistoryEntry }) {
  return (
    <div role="note" className={classes.notice} data-testid="correction-notice">
      <strong className={classes.noticeTag}>{t.corrected}</strong>
      <span>
        {t.correctionNotice(entry.date ? chineseDate(entry.date) : '')}
        {entry.description ? `${entry.description}。` : ''}
      </span>
      <a href={`#${entry.id}`}>{t.correctionLink}</a>
    </div>
  );
}
