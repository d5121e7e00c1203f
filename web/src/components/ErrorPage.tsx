import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useOnReconnect } from '../lib/live';
import { Heading } from './Heading';
import { ChunkLoadError } from './lazyPage';
import { NotFound } from './NotFound';

const reload = () => window.location.reload();

/**
 * Shown instead of the router's default when a page fails: the whole window, or `inLayout`, in
 * the signed-in layout's place for a page, which keeps its menu and its connection notice. A
 * part of the app that could not be loaded is loaded by reloading the app: by hand, or in the
 * signed-in layout once its live stream reconnects after being lost (the connection dropped).
 */
export function ErrorPage({ inLayout = false }: { inLayout?: boolean }) {
  const error = useRouteError();
  const { t } = useTranslation();
  const chunk = error instanceof ChunkLoadError ? error : null;
  useOnReconnect(chunk ? reload : null);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  console.error(error);
  const content = (
    <>
      <Heading
        title={chunk ? t('errors.chunkTitle') : t('errors.unexpectedTitle')}
        intro={
          chunk
            ? t('errors.chunkText', { type: chunk.chunkType, url: chunk.url })
            : t('errors.unexpectedText')
        }
        space={3}
      />
      <Button variant="contained" onClick={reload}>
        {t('errors.reload')}
      </Button>
    </>
  );
  if (inLayout)
    return <Box sx={{ maxWidth: 600, mx: 'auto', py: 6, textAlign: 'center' }}>{content}</Box>;
  return (
    <Container component="main" maxWidth="sm" sx={{ py: 10, textAlign: 'center' }}>
      {content}
    </Container>
  );
}
