import { serializeJsonLd } from './scholar';

/** A schema.org JSON-LD block: a data script search engines read, never run by the browser. */
export function JsonLd({ data }: { data: object }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
