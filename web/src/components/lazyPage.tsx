import { lazy, type ComponentType } from 'react';
import { CHUNK_TIMEOUT_MS } from '../config/constants';

/** A script or style chunk of the app that could not be loaded. */
export class ChunkLoadError extends Error {
  constructor(
    readonly chunkType: 'script' | 'style',
    readonly url: string,
  ) {
    super(`Loading chunk failed (${chunkType}: ${url})`);
    this.name = 'ChunkLoadError';
  }
}

function chunkError(error: unknown): ChunkLoadError {
  const message = error instanceof Error ? error.message : String(error);
  // Vite names the file in its message: "Unable to preload CSS for /assets/x.css",
  // "Failed to fetch dynamically imported module: http://…/assets/y.js".
  const url = /(https?:\/\/\S+|\/assets\/\S+)/.exec(message)?.[1] ?? 'unknown';
  return new ChunkLoadError(/\.css\b/.test(url) ? 'style' : 'script', url);
}

/** React.lazy with the 120 s chunk time-out, failing as a ChunkLoadError. */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(
    () =>
      new Promise<{ default: ComponentType<P> }>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new ChunkLoadError('script', 'timed out after 120 s')),
          CHUNK_TIMEOUT_MS,
        );
        load().then(
          (module) => {
            clearTimeout(timer);
            resolve(module);
          },
          (error: unknown) => {
            clearTimeout(timer);
            reject(chunkError(error));
          },
        );
      }),
  );
}
