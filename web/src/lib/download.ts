import { AxiosError } from 'axios';
import { authClient } from './http';

/**
 * A refusal of a text request arrives as text: read it back into the server's error envelope,
 * so that the toast shows the server's description.
 */
function envelopeOf(error: unknown): unknown {
  const data: unknown = error instanceof AxiosError ? error.response?.data : undefined;
  if (typeof data !== 'string') return error;
  try {
    const body = JSON.parse(data) as unknown;
    return typeof body === 'object' && body !== null ? { errors: {}, ...body } : error;
  } catch {
    return error;
  }
}

/**
 * Fetches `path` as CSV with the signed-in token (the same axios client as every call) and saves
 * it as `filename` through a blob's object URL and a link with `download`.
 */
export async function downloadCsv(
  path: string,
  params: Record<string, string>,
  filename: string,
): Promise<void> {
  let text: string;
  try {
    const query = { params: { ...params, format: 'csv' }, responseType: 'text' } as const;
    text = (await authClient.get<string>(path, query)).data;
  } catch (error) {
    throw envelopeOf(error);
  }
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // The browser has taken the file once the click's task has run.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
