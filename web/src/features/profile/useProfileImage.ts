import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { fetchProfileImage } from './slice';

/** The signed-in account's profile image URL (null when there is none), read once a session. */
export function useProfileImage(): string | null {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector((state) => Boolean(state.auth.user));
  const { url, loaded } = useAppSelector((state) => state.profileImage);
  useEffect(() => {
    if (signedIn && !loaded) void dispatch(fetchProfileImage());
  }, [dispatch, signedIn, loaded]);
  return url;
}
