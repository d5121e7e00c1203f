import { useEffect } from 'react';

/**
 * Keeps the keyboard's place when a button disables itself while its action runs ("Save",
 * "Add to zone"): the browser drops the focus of a disabled control onto the page, and a
 * keyboard user is sent back to the top. The control takes the focus back when it is enabled
 * again, if nothing else has taken it meanwhile.
 */
export function useFocusKeeper() {
  useEffect(() => {
    let focused: Element | null = null;
    let parked: HTMLElement | null = null;
    const onFocusIn = (event: FocusEvent) => {
      focused = event.target instanceof Element ? event.target : null;
      parked = null;
    };
    const observer = new MutationObserver((mutations) => {
      for (const { target } of mutations) {
        if (!(target instanceof HTMLElement)) continue;
        const disabled = target.hasAttribute('disabled');
        if (disabled && target === focused) parked = target;
        const lost = document.activeElement === document.body || document.activeElement === null;
        if (!disabled && target === parked && lost && target.isConnected) {
          parked = null;
          target.focus();
        }
      }
    });
    document.addEventListener('focusin', onFocusIn);
    observer.observe(document.body, {
      subtree: true,
      attributes: true,
      attributeFilter: ['disabled'],
    });
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      observer.disconnect();
    };
  }, []);
}
