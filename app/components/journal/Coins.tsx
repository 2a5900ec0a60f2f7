import type { ListedArticle } from './listed-article';
import { coinsContextObject } from '~/lib/coins';

/** An article's metadata for reference managers (app/lib/coins.ts): invisible, read by Zotero's COinS translator. */
export function Coins({ article, origin, issn }: { article: ListedArticle; origin: string; issn?: string | null }) {
  return <span className="Z3988" title={coinsContextObject(article, origin, issn)} />;
}
