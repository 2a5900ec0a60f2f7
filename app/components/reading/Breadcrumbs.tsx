import { useRouteLoaderData } from 'react-router';
import { Link } from '~/lib/link';
import { copy } from '~/copy';
import { JsonLd } from '~/lib/json-ld';
import { breadcrumbListJsonLd } from '~/lib/structured-data/breadcrumb-list';
import type { loader as rootLoader } from '~/root';
import classes from './page.module.css';

export interface Crumb {
  label: string;
  /** Omitted for the current page (a last crumb without a link). */
  to?: string;
}

/**
 * 首页 / … / current page, as an ordered list in a labelled navigation landmark. A crumb
 * with `to` is a link; the last one without is the current page. (The article page ends
 * with its issue, a link: the title follows right below.) Search engines get the same
 * trail as a schema.org BreadcrumbList.
 */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const crumbs: Crumb[] = [{ label: copy.nav.home, to: '/' }, ...items];
  const origin = useRouteLoaderData<typeof rootLoader>('root')?.origin;
  return (
    <nav className={classes.breadcrumb} aria-label={copy.reading.breadcrumb}>
      {origin ? <JsonLd data={breadcrumbListJsonLd(crumbs, origin)} /> : null}
      <ol>
        {crumbs.map((crumb, index) => (
          <li key={`${crumb.label}-${index}`}>
            {crumb.to ? <Link to={crumb.to}>{crumb.label}</Link> : <span aria-current={index === crumbs.length - 1 ? 'page' : undefined}>{crumb.label}</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
