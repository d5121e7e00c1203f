import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { useCallback, useEffect, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';

/**
 * The store's types, registered by `app/store.ts` through declaration merging. Features and
 * shared code get typed hooks from here without importing the app, so imports only point down.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- app/store.ts fills it in
export interface StoreTypes {}

export type RootState = StoreTypes extends { state: infer State } ? State : never;
export type AppDispatch = StoreTypes extends { dispatch: infer Dispatch } ? Dispatch : never;

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

/**
 * A searchable list's term and load: `fetch(search)` is dispatched at once and whenever the term
 * changes; `load` loads again (after a change, or to retry).
 */
export function useSearchLoad(
  fetch: (search: string) => ThunkAction<unknown, RootState, unknown, UnknownAction>,
) {
  const dispatch = useAppDispatch();
  const [search, setSearch] = useState('');
  // Answers the load's promise, so that what waits for the list (a switch) can.
  const load = useCallback(
    async () => void (await dispatch(fetch(search))),
    [dispatch, fetch, search],
  );
  useEffect(() => void load(), [load]);
  return { search, setSearch, load };
}
