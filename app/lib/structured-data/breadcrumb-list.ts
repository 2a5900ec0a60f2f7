import { CONTEXT } from './organization';

/**
 * The breadcrumbs a page shows, as schema.org reads them: each crumb with its absolute URL.
 * A crumb in the middle without a page of its own (a section heading) is left out: search
 * engines take a trail only when every step but the last can be visited.
 */
export function breadcrumbListJsonLd(crumbs: { label: string; to?: string }[], origin: string) {
  const steps = crumbs.filter((crumb, index) => crumb.to || index === crumbs.length - 1);
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: steps.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.label,
      ...(crumb.to ? { item: new URL(crumb.to, origin).href } : {}),
    })),
  };
}
