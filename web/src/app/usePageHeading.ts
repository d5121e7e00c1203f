import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Where a focused element sat: its item's index in a list (items may be list items or rows). */
interface Place {
  list: Element;
  index: number;
}

/** Popups (dialogs, menus, a select's options) hold lists of their own, never a page's place. */
const POPUP =
  '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"], [role="presentation"]';
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex="0"]';

function placeOf(element: Element): Place | null {
  const item = element.closest('li, tr, [role="listitem"], [role="row"]');
  const list = item?.parentElement;
  if (!item || !list) return null;
  return { list, index: Array.prototype.indexOf.call(list.children, item) };
}

/** What can take the focus in the item now at `place`, or in the list's last item. */
function nextInPlace(place: Place | null): HTMLElement | null {
  if (!place?.list.isConnected) return null;
  const items = place.list.children;
  const item = items[Math.min(place.index, items.length - 1)];
  return item?.querySelector<HTMLElement>(FOCUSABLE) ?? null;
}

/**
 * Names the browser tab after the page's main heading ("Kitchen – HeatDesk"), and its open tab
 * if it has tabs ("History – Settings – HeatDesk"), in step with them as they load or change. When the focus leaves the page with the element that had it (the button
 * pressed went with its page, a dialog closed after removing what opened it), the focus would
 * fall on nothing. If that element was in a list that is still there (a schedule deleted, a room
 * taken out of a zone), it goes to the item now in its place, or the last one; otherwise to the
 * page's heading, so that a keyboard or screen-reader user hears where they are and goes on.
 */
export function usePageHeading() {
  const { t } = useTranslation();
  const app = t('app.name');
  useEffect(() => {
    let last: Element | null = null;
    let place: Place | null = null;
    const onFocusIn = (event: FocusEvent) => {
      last = event.target instanceof Element ? event.target : null;
      // Into a popup, the place stays the opener's: closing it may remove what opened it.
      if (last && !last.closest(POPUP)) place = placeOf(last);
    };
    // A click names the place too: some browsers do not focus a button that is clicked.
    const onClick = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      if (target && !target.closest(POPUP)) place = placeOf(target);
    };
    const follow = () => {
      const heading = document.querySelector<HTMLElement>('main h1');
      const name = heading?.textContent?.trim();
      // A page of tabs names the open one first, so that each tab's title tells it apart.
      const tab = document
        .querySelector('main [role="tab"][aria-selected="true"]')
        ?.textContent?.trim();
      const title = name ? [tab, name, app].filter(Boolean).join(' – ') : app;
      if (document.title !== title) document.title = title;
      const lost = () => !document.activeElement || document.activeElement === document.body;
      if (!lost() || !last || last.isConnected) return;
      nextInPlace(place)?.focus();
      // Nothing in its place, or what is there would not take the focus.
      if (heading && lost()) {
        heading.tabIndex = -1;
        heading.focus();
      }
    };
    follow();
    // Pages, and their headings, come and go as the router and the data they wait for render.
    const observer = new MutationObserver(follow);
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('click', onClick, true);
    return () => {
      observer.disconnect();
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('click', onClick, true);
    };
  }, [app]);
}
