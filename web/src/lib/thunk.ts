import {
  createAsyncThunk,
  type ActionReducerMapBuilder,
  type AsyncThunk,
  type Draft,
} from '@reduxjs/toolkit';
import { describeError, type ApiErrorBody } from './http';

/** A refusal decided on this side (not a business account, no such room), told like the server's. */
export class Refusal extends Error {
  constructor(readonly body: ApiErrorBody) {
    super(body.description);
    this.name = 'Refusal';
  }
}

export type ApiThunk<Result, Arg> = AsyncThunk<Result, Arg, { rejectValue: ApiErrorBody }>;

/**
 * A thunk around API calls. It fulfils with what `call` answers and rejects with the error
 * envelope as `action.payload` (the server's description and field errors, or a `Refusal`'s).
 * `onFailure` sees every failure but a refusal.
 */
export function apiThunk<Result, Arg = void>(
  type: string,
  call: (arg: Arg) => Promise<Result>,
  onFailure?: (error: unknown) => void,
): ApiThunk<Result, Arg> {
  return createAsyncThunk<Result, Arg, { rejectValue: ApiErrorBody }>(
    type,
    async (arg, { rejectWithValue }) => {
      try {
        return await call(arg);
      } catch (error) {
        if (error instanceof Refusal) return rejectWithValue(error.body);
        onFailure?.(error);
        return rejectWithValue(describeError(error));
      }
    },
  );
}

/** For loads: spec §8 shows a failed load inline and logs it, never toasts it. */
export function logLoadFailure(what: string) {
  return (error: unknown) => console.error(`${what} failed to load`, error);
}

/** What a slice that loads keeps of its loading. */
export interface LoadState {
  isLoading: boolean;
  /** Why the last load failed; shown inline with a retry. */
  error: string | null;
  /** Whether it failed because what it asked for does not exist (404): there is nothing to retry. */
  missing?: boolean;
}

/**
 * The loading flag and the error of a slice around `thunk`: pending raises the flag and clears
 * the error; fulfilled lowers the flag (on success too, unlike the spec's client: DESIGN.md §6)
 * and runs `loaded`; rejected lowers it, keeps the reason and runs `failed`.
 */
export function addLoad<S extends LoadState, Result, Arg>(
  builder: ActionReducerMapBuilder<S>,
  thunk: ApiThunk<Result, Arg>,
  loaded: (state: Draft<S>, result: Result) => void,
  failed?: (state: Draft<S>) => void,
): void {
  builder
    .addCase(thunk.pending, (state) => {
      const load = state as LoadState;
      load.isLoading = true;
      load.error = null;
      load.missing = false;
    })
    .addCase(thunk.fulfilled, (state, action) => {
      (state as LoadState).isLoading = false;
      loaded(state, action.payload);
    })
    .addCase(thunk.rejected, (state, action) => {
      const load = state as LoadState;
      load.isLoading = false;
      load.error = action.payload?.description ?? action.error.message ?? null;
      load.missing = action.payload?.code === 404;
      failed?.(state);
    });
}
