import type { PaperNote } from '~/backend/endpoints/papers.server';
import { Pager } from '~/components/widgets/Pager';
import { article as t } from '~/copy/article';
import classes from './article.module.css';

/** Readers' short notes, newest first, paged by `?notesPage=` (plain links). */
export function ReaderNotes({ notes, total, current, size }: { notes: PaperNote[]; total: number; current: number; size: number }) {
  return (
    <>
      <p className={classes.muted}>{t.notesCount(total)}</p>
      <ul className={classes.notes} aria-label="短评">
        {notes.map((note) => (
          <li key={note.id} className={classes.note}>
            <p className={classes.noteText}>{note.content}</p>
            <p className={classes.noteMeta}>
              <span>{note.nickname}</span>
              {note.institution ? <span>{note.institution}</span> : null}
              {note.createTime ? <time dateTime={note.createTime.slice(0, 10)}>{note.createTime.slice(0, 16)}</time> : null}
              {note.likeCount ? <span>{t.likes(note.likeCount)}</span> : null}
            </p>
          </li>
        ))}
      </ul>
      <Pager current={current} total={total} size={size} param="notesPage" label={t.notesPager} hash="notes" />
    </>
  );
}
