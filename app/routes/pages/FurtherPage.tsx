import classes from './pages.module.css';
import { RelatedLinks } from './PageFrame';
import { Breadcrumbs } from '~/components/reading/Breadcrumbs';

export interface FurtherPageContent {
  title: string;
  paragraphs: readonly string[];
  links: readonly { label: string; to: string }[];
}

/**
 * The further pages (/openAccess, /distinguish, /health, /system): the spec leaves their
 * content out, so each shows a title and a short neutral text (see `furtherPages` in
 * app/copy/pages.ts for the choice of titles) with links to where the details live.
 */
export function FurtherPage({ content }: { content: FurtherPageContent }) {
  return (
    <main id="main" tabIndex={-1} className={`page-container ${classes.page}`}>
      <div className={classes.plain}>
        <Breadcrumbs items={[{ label: content.title }]} />
        <article className={classes.article} aria-labelledby="page-title">
          <h1 id="page-title" className={classes.title}>
            {content.title}
          </h1>
          <div className={classes.section}>
            {content.paragraphs.map((text, index) => (
              <p key={index}>{text}</p>
            ))}
            <RelatedLinks links={content.links} />
          </div>
        </article>
      </div>
    </main>
  );
}
