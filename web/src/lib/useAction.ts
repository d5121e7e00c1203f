import { useSnackbar, type VariantType } from 'notistack';
import { useState } from 'react';
import { TOAST } from '../config/constants';
import { describeError, type ApiErrorBody } from './http';

/** What the server answers a change with: its envelope, whose description the toast shows. */
export interface Answer {
  data: { description: string };
}

type Toast = string | { message: string; variant: VariantType };

/** What happens around an action. */
export interface ActionOptions<R> {
  /** The success toast; by default the description of the server's envelope, if it answered one. */
  toast?: (answer: R) => Toast | null;
  /** After the success toast: reload, navigate, keep the answer. */
  onSuccess?: (answer: R) => unknown;
  /**
   * Shows the failure where it belongs, e.g. the field errors under their fields; answers true
   * when that tells all of it, and then no failure toast repeats it.
   */
  onError?: (failure: ApiErrorBody) => unknown;
  /** The failure toast's text; by default the server's description. */
  errorText?: (failure: ApiErrorBody) => string;
}

/** How long a success stays: the spec's time, or as long as a long one takes to read (about 60
 *  ms a character), at most a failure's (WCAG 2.2.1). */
export function successHideMs(message: string) {
  return Math.min(Math.max(TOAST.autoHideMs, message.length * 60), TOAST.failureHideMs);
}

function descriptionOf(answer: unknown): string | null {
  const description = (answer as Partial<Answer> | undefined)?.data?.description;
  return typeof description === 'string' ? description : null;
}

/**
 * The one way to run an action: `run(call, options)` toasts success (the server's description)
 * or failure (the server's description of what went wrong, unless its field errors tell it),
 * and `busy` is true meanwhile.
 */
export function useAction() {
  const { enqueueSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);

  async function run<R>(call: () => Promise<R>, options: ActionOptions<R> = {}): Promise<void> {
    setBusy(true);
    try {
      const answer = await call();
      const toast = options.toast ? options.toast(answer) : descriptionOf(answer);
      if (typeof toast === 'string')
        enqueueSnackbar(toast, { variant: 'success', autoHideDuration: successHideMs(toast) });
      else if (toast) {
        // A warning or an error says what to do: it stays as long as a failure's.
        const long = toast.variant === 'warning' || toast.variant === 'error';
        enqueueSnackbar(toast.message, {
          variant: toast.variant,
          autoHideDuration: long ? TOAST.failureHideMs : successHideMs(toast.message),
        });
      }
      await options.onSuccess?.(answer);
    } catch (error) {
      const failure = describeError(error);
      if (options.onError?.(failure) !== true)
        enqueueSnackbar(options.errorText?.(failure) ?? failure.description, {
          variant: 'error',
          autoHideDuration: TOAST.failureHideMs,
        });
    } finally {
      setBusy(false);
    }
  }

  return { run, busy };
}
