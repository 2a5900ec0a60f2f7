import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * After a link to another page's #fragment (the header menu's 投稿指南 → /aboutUs#contribute),
 * brings the named element into view once the new page is in the document. React Router's
 * `<ScrollRestoration>` looks for it in a layout effect; in the browser's build (Preact,
 * decision 0045) the new route's content can be rendered after that effect has run, which
 * then finds nothing and scrolls to the top. An effect runs after the page is drawn, when
 * the content is there. Back and forward keep the positions `<ScrollRestoration>` restores,
 * and the first load is left to the browser, which scrolls to the fragment itself.
 */
export function useScrollToFragment() {
  const { hash, key } = useLocation();
  const navigationType = useNavigationType();
  const firstLocation = useRef(key);
  useEffect(() => {
    if (key === firstLocation.current || !hash || navigationType === 'POP') return;
    let id: string;
    try {
      id = decodeURIComponent(hash.slice(1));
    } catch {
      return;
    }
    const target = document.getElementById(id);
    if (target && Math.abs(target.getBoundingClientRect().top) > 1) target.scrollIntoView();
  }, [key, hash, navigationType]);
}
