import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Names the browser tab after the page's main heading ("Kitchen – HeatDesk"), in step with it as
 * it loads or changes. After a move to another page, when the focus was left on nothing (the
 * button pressed went with its page), puts the focus on the new page's heading, so that a
 * keyboard or screen-reader user hears where they are and goes on from the top.
 */
export function usePageHeading() {
  const { t } = useTranslation();
  const app = t('app.name');
  useEffect(() => {
    let path = window.location.pathname;
    let moved = false;
    const follow = () => {
      if (window.location.pathname !== path) {
        path = window.location.pathname;
        moved = true;
      }
      const heading = document.querySelector<HTMLElement>('main h1');
      const name = heading?.textContent?.trim();
      const title = name ? `${name} – ${app}` : app;
      if (document.title !== title) document.title = title;
      if (!heading || !moved) return;
      moved = false;
      const focused = document.activeElement;
      if (!focused || focused === document.body) {
        heading.tabIndex = -1;
        heading.focus();
      }
    };
    follow();
    // Pages, and their headings, come and go as the router and the data they wait for render.
    const observer = new MutationObserver(follow);
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    return () => observer.disconnect();
  }, [app]);
}
