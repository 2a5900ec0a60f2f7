import { Fragment } from 'react';
import { article as t } from '~/copy/article';
import { referenceParts, type Segment, type SetFullText } from '~/lib/fulltext';
import classes from './article.module.css';

/** The body of the article: its sections (`#sec-n`), each paragraph with its reference marks linked to `#ref-n`. */
export function FullTextSections({ text }: { text: SetFullText }) {
  return (
    <div className={classes.reading}>
      {text.sections.map((section) => (
        <section key={section.id} id={section.id} className={classes.bodySection} aria-labelledby={`${section.id}-heading`}>
          <h3 id={`${section.id}-heading`} className={classes.bodyHeading}>
            {section.heading}
          </h3>
          {section.paragraphs.map((paragraph, index) => (
            <p key={index} className={classes.paragraph}>
              {paragraph.segments.map((segment, i) => (
                <SegmentView key={i} segment={segment} />
              ))}
            </p>
          ))}
        </section>
      ))}
    </div>
  );
}

function SegmentView({ segment }: { segment: Segment }) {
  if (segment.kind === 'text') return <>{segment.text}</>;
  const shown = segment.marks.filter((mark) => mark.shown);
  return (
    <sup className={classes.cite}>
      [
      {shown.map((mark, index) => (
        <Fragment key={mark.anchor}>
          {index > 0 ? segment.separators[index - 1] : null}
          <a id={mark.anchor} href={`#ref-${mark.n}`} aria-label={t.referenceLink(mark.n)}>
            {mark.n}
          </a>
        </Fragment>
      ))}
      ]
    </sup>
  );
}

/** The references as a numbered list (`#ref-n`), DOIs and addresses linked, each with links back to where it is cited. */
export function ReferenceList({ references, citedFrom }: { references: string[]; citedFrom: string[][] }) {
  return (
    <ol className={classes.references}>
      {references.map((reference, index) => {
        const back = [...new Set(citedFrom[index] ?? [])];
        // A reference without Chinese characters is read out in English (its back links stay Chinese).
        const lang = /[\u3400-\u9fff]/.test(reference) ? undefined : 'en';
        return (
          <li key={index} id={`ref-${index + 1}`} lang={lang}>
            <ReferenceWithBackLinks parts={referenceParts(reference)} backLinks={<BackLinks anchors={back} />} hasBackLinks={back.length > 0} />
          </li>
        );
      })}
    </ol>
  );
}

type Parts = ReturnType<typeof referenceParts>;

/**
 * The reference's text and links, its way back glued to its last characters so that a
 * narrow screen never leaves "↩ a b" alone on a line.
 */
function ReferenceWithBackLinks({ parts, backLinks, hasBackLinks }: { parts: Parts; backLinks: React.ReactNode; hasBackLinks: boolean }) {
  const last = parts.at(-1);
  const glued = hasBackLinks && last?.kind === 'text' ? Array.from(last.text.trimEnd()) : null;
  const body = glued ? [...parts.slice(0, -1), { ...last!, text: glued.slice(0, -2).join('') }] : parts;
  return (
    <>
      <span className={classes.referenceText}>
        {body.map((part, i) =>
          part.kind === 'text' ? (
            <Fragment key={i}>{part.text}</Fragment>
          ) : (
            <a key={i} className={classes.referenceLink} href={part.href} target="_blank" rel="noopener noreferrer">
              {part.kind === 'doi' ? part.doi : part.href}
            </a>
          ),
        )}
        {glued ? (
          <span className={classes.glued}>
            {glued.slice(-2).join('')}
            {backLinks}
          </span>
        ) : null}
      </span>
      {glued ? null : backLinks}
    </>
  );
}

function BackLinks({ anchors }: { anchors: string[] }) {
  if (anchors.length === 1) {
    return (
      <a className={classes.backLink} href={`#${anchors[0]}`} aria-label={t.backToTextOnly} lang="zh-CN">
        ↩
      </a>
    );
  }
  if (anchors.length === 0) return null;
  return (
    <span className={classes.backLink} lang="zh-CN">
      ↩
      {anchors.map((anchor) => {
        const letter = anchor.slice(anchor.lastIndexOf('-') + 1);
        return (
          <a key={anchor} href={`#${anchor}`} aria-label={t.backToText(letter)}>
            {letter}
          </a>
        );
      })}
    </span>
  );
}
