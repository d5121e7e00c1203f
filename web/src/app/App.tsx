import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { makeRouter } from './router';
import { useFocusKeeper } from './useFocusKeeper';
import { usePageHeading } from './usePageHeading';

const router = makeRouter();

/** Links to "#" are placeholders and never navigate (spec §1). */
function blockHashLinks(event: MouseEvent) {
  const anchor = (event.target as Element | null)?.closest?.('a[href="#"]');
  if (anchor) event.preventDefault();
}

export function App() {
  usePageHeading();
  useFocusKeeper();

  useEffect(() => {
    document.addEventListener('click', blockHashLinks);
    return () => document.removeEventListener('click', blockHashLinks);
  }, []);

  return <RouterProvider router={router} />;
}
