import { Fragment } from 'react';
import { article as t } from '~/copy/article';
import { referenceParts, type Segment, type SetFullText } from '~/lib/fulltext';
import classes from './article.module.css';

/** The body of the article: its sections (`#sec-n`), each paragraph with its reference marks linked to `#ref-n`. */
export function FullTextSections({ text }: { text: SetFullText }) {
  return (
    <>
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
    </>
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
        return (
          <li key={index} id={`ref-${index + 1}`}>
            <span className={classes.referenceText}>
              {referenceParts(reference).map((part, i) =>
                part.kind === 'text' ? (
                  <Fragment key={i}>{part.text}</Fragment>
                ) : (
                  <a key={i} className={classes.referenceLink} href={part.href} target="_blank" rel="noopener noreferrer">
                    {part.kind === 'doi' ? part.doi : part.href}
                  </a>
                ),
              )}
            </span>
            {back.length === 1 ? (
              <a className={classes.backLink} href={`#${back[0]}`} aria-label={t.backToTextOnly}>
                ↩
              </a>
            ) : back.length > 1 ? (
              <span className={classes.backLink}>
                ↩
                {back.map((anchor) => {
                  const letter = anchor.slice(anchor.lastIndexOf('-') + 1);
                  return (
                    <a key={anchor} href={`#${anchor}`} aria-label={t.backToText(letter)}>
                      {letter}
                    </a>
                  );
                })}
              </span>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
