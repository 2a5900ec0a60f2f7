import { toast } from '~/components/layout/toasts';
import { Fragment, useEffect, useState, type ReactNode } from 'react';
import { CITATION_FORMATS, type CitationFormat } from '~/lib/citation';
import classes from './CitationBox.module.css';

/**
 * The citation with line-break opportunities in its DOI after the prefix ("DOI:10.19986/"
 * stays whole), after each slash and before each dot, as style guides break URLs: a long DOI
 * wraps there instead of anywhere.
 */
function breakable(text: string): ReactNode {
  const prefixEnd = text.indexOf('/', text.lastIndexOf('DOI:'));
  if (text.lastIndexOf('DOI:') < 0 || prefixEnd < 0) return text;
  const pieces = text.slice(prefixEnd + 1).split(/(?<=\/)|(?=\.(?!$))/);
  return (
    <>
      {text.slice(0, prefixEnd + 1)}
      {pieces.map((piece, i) => (
        <Fragment key={i}>
          <wbr />
          {piece}
        </Fragment>
      ))}
    </>
  );
}

/** "引用本文": GB/T 7714-2015 in Chinese and English, copy, and reference-manager exports. */
export function CitationBox({ articleId, zh, en }: { articleId: number; zh: string; en: string }) {
  const [canCopy, setCanCopy] = useState(false);
  useEffect(() => setCanCopy(typeof navigator !== 'undefined' && !!navigator.clipboard), []);
  const copyText = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast.show({ message: '复制成功', tone: 'success', durationMs: 2000 });
    } catch {
      toast.show({ message: '复制失败，请手动选择文字复制', tone: 'error', durationMs: 5000 });
    }
  };
  return (
    <section className={classes.box} aria-labelledby="cite-heading">
      <h2 id="cite-heading" className={classes.title}>
        引用本文
      </h2>
      {[
        ['中文', zh],
        ['English', en],
      ].map(([label, text]) => (
        <div key={label} className={classes.row}>
          <span className={classes.label}>{label}</span>
          <p className={classes.text} lang={label === 'English' ? 'en' : undefined}>
            {breakable(text)}
          </p>
          {canCopy ? (
            <button type="button" className={classes.copy} onClick={() => copyText(text)} aria-label={`复制${label}引文`}>
              复制
            </button>
          ) : null}
        </div>
      ))}
      <p className={classes.exports}>
        导出引文：
        {(Object.keys(CITATION_FORMATS) as CitationFormat[]).map((format) => (
          <a key={format} href={`/journal/detail/cite?id=${articleId}&format=${format}`} download>
            {CITATION_FORMATS[format].label}
          </a>
        ))}
      </p>
    </section>
  );
}
