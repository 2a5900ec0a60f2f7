import { useEffect, useState, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { Link } from '~/lib/link';
import { pages } from '~/copy/pages';
import { chineseDate } from '~/lib/format';
import type { DocPage, DocSection } from '~/copy/pages';
import classes from './pages.module.css';
import { Breadcrumbs } from '~/components/reading/Breadcrumbs';

export interface TocItem {
  id: string;
  label: string;
}

/** The section currently at the top of the window, once scripts run (null before: same as the server). */
function useActiveSection(ids: readonly string[]): string | null {
  const [active, setActive] = useState<string | null>(null);
  const key = ids.join(' ');
  useEffect(() => {
    const sections = key
      .split(' ')
      .map((id) => document.getElementById(id))
      .filter((el): el is HTMLElement => el !== null);
    if (!sections.length || typeof IntersectionObserver === 'undefined') return;
    const visible = new Set<string>();
    const observer = new IntersectionObserver(
      (records) => {
        for (const record of records) {
          if (record.isIntersecting) visible.add(record.target.id);
          else visible.delete(record.target.id);
        }
        const first = sections.find((section) => visible.has(section.id));
        if (first) setActive(first.id);
      },
      // The band below the sticky header, a third of the window high.
      { rootMargin: '-82px 0px -66% 0px' },
    );
    for (const section of sections) observer.observe(section);
    return () => observer.disconnect();
  }, [key]);
  return active;
}

interface PageFrameProps {
  title: string;
  /** Headings of the page's sections, for the side table of contents. */
  toc: readonly TocItem[];
  /** Shows the help and legal pages in the side column. */
  helpNav?: boolean;
  children: ReactNode;
}

/** Breadcrumb, the page's article and, after it, a side column (table of contents, help pages). */
export function PageFrame({ title, toc, helpNav = false, children }: PageFrameProps) {
  const active = useActiveSection(toc.map((item) => item.id));
  return (
    <main id="main" tabIndex={-1} className={`page-container ${classes.page}`}>
      <Breadcrumbs items={[{ label: title }]} />
      <div className={classes.layout}>
        <article className={classes.article} aria-labelledby="page-title">
          {children}
        </article>
        <aside className={classes.aside}>
          {toc.length ? (
            <nav className={classes.sideBox} aria-labelledby="toc-title">
              <h2 id="toc-title" className={classes.sideTitle}>
                {pages.docPage.toc}
              </h2>
              <ul className={classes.sideList}>
                {toc.map((item) => (
                  <li key={item.id}>
                    <a href={`#${item.id}`} aria-current={active === item.id ? 'location' : undefined}>
                      {item.label}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          {helpNav ? (
            <nav className={classes.sideBox} aria-labelledby="help-nav-title">
              <h2 id="help-nav-title" className={classes.sideTitle}>
                {pages.docPage.helpNav}
              </h2>
              <ul className={classes.sideList}>
                {pages.docPage.helpLinks.map((link) => (
                  <li key={link.to}>
                    <NavLink to={link.to} end>
                      {link.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
        </aside>
      </div>
    </main>
  );
}

export function PageTitle({ children }: { children: ReactNode }) {
  return (
    <h1 id="page-title" className={classes.title}>
      {children}
    </h1>
  );
}

function Paragraphs({ texts }: { texts?: readonly string[] }) {
  return texts?.map((text, index) => <p key={index}>{text}</p>) ?? null;
}

function DocSectionView({ section }: { section: DocSection }) {
  return (
    <section id={section.id} className={classes.section} aria-labelledby={`${section.id}-heading`}>
      <h2 id={`${section.id}-heading`}>{section.heading}</h2>
      <Paragraphs texts={section.paragraphs} />
      {section.items ? (
        <ul>
          {section.items.map((item, index) => (
            <li key={index}>{item}</li>
          ))}
        </ul>
      ) : null}
      {section.steps ? (
        <ol>
          {section.steps.map((step, index) => (
            <li key={index}>{step}</li>
          ))}
        </ol>
      ) : null}
      {section.questions ? (
        <dl className={classes.questions}>
          {section.questions.map((qa) => (
            <div key={qa.q} className={classes.question}>
              <dt>{qa.q}</dt>
              <dd>
                <Paragraphs texts={qa.a} />
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      <Paragraphs texts={section.after} />
      {section.links ? <RelatedLinks links={section.links} /> : null}
    </section>
  );
}

export function RelatedLinks({ links }: { links: readonly { label: string; to: string }[] }) {
  return (
    <p className={classes.related}>
      {pages.docPage.related}
      {links.map((link) => (
        <Link key={link.to} to={link.to}>
          {link.label}
        </Link>
      ))}
    </p>
  );
}

/** A static help or legal document with its side table of contents. */
export function DocumentPage({ doc }: { doc: DocPage }) {
  return (
    <PageFrame title={doc.title} toc={doc.sections.map((s) => ({ id: s.id, label: s.heading }))} helpNav>
      <PageTitle>{doc.title}</PageTitle>
      {doc.dates ? <p className={classes.dates}>{`更新日期：${chineseDate(doc.dates.updated)}\u3000生效日期：${chineseDate(doc.dates.effective)}`}</p> : null}
      {doc.lead ? (
        <div className={classes.lead}>
          <Paragraphs texts={doc.lead} />
        </div>
      ) : null}
      {doc.sections.map((section) => (
        <DocSectionView key={section.id} section={section} />
      ))}
    </PageFrame>
  );
}
