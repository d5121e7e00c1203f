import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Names the browser tab after the page's main heading ("Kitchen – HeatDesk"), in step with it as
 * it loads or changes. When the focus leaves the page with the element that had it (the button
 * pressed went with its page, a dialog closed after removing what opened it), the focus would
 * fall on nothing: it is put on the page's heading instead, so that a keyboard or screen-reader
 * user hears where they are and goes on from there.
 */
export function usePageHeading() {
  const { t } = useTranslation();
  const app = t('app.name');
  useEffect(() => {
    let last: Element | null = null;
    const onFocusIn = (event: FocusEvent) => {
      last = event.target instanceof Element ? event.target : null;
    };
    const follow = () => {
      const heading = document.querySelector<HTMLElement>('main h1');
      const name = heading?.textContent?.trim();
      const title = name ? `${name} – ${app}` : app;
      if (document.title !== title) document.title = title;
      const focused = document.activeElement;
      const lost = !focused || focused === document.body;
      if (heading && lost && last && !last.isConnected) {
        heading.tabIndex = -1;
        heading.focus();
      }
    };
    follow();
    // Pages, and their headings, come and go as the router and the data they wait for render.
    const observer = new MutationObserver(follow);
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    document.addEventListener('focusin', onFocusIn);
    return () => {
      observer.disconnect();
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [app]);
}
