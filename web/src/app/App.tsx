import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { setUserCords } from '../features/auth';
import { useAppDispatch } from '../lib/hooks';
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
  const dispatch = useAppDispatch();
  usePageHeading();
  useFocusKeeper();

  useEffect(() => {
    document.addEventListener('click', blockHashLinks);
    return () => document.removeEventListener('click', blockHashLinks);
  }, []);

  // The browser location is asked for once; any failure is only logged (spec §1).
  useEffect(() => {
    if (!('geolocation' in navigator)) return;
    navigator.geolocation.getCurrentPosition(
      ({ coords }) =>
        dispatch(setUserCords({ latitude: coords.latitude, longitude: coords.longitude })),
      (error) => console.warn('location unavailable:', error.message),
    );
  }, [dispatch]);

  return <RouterProvider router={router} />;
}
