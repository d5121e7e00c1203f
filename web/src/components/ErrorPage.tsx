import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Heading } from './Heading';
import { ChunkLoadError } from './lazyPage';
import { NotFound } from './NotFound';

/** Shown instead of the router's default when a page fails. */
export function ErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  console.error(error);
  const chunk = error instanceof ChunkLoadError ? error : null;
  return (
    <Container component="main" maxWidth="sm" sx={{ py: 10, textAlign: 'center' }}>
      <Heading
        title={chunk ? t('errors.chunkTitle') : t('errors.unexpectedTitle')}
        intro={
          chunk
            ? t('errors.chunkText', { type: chunk.chunkType, url: chunk.url })
            : t('errors.unexpectedText')
        }
        space={3}
      />
      <Button variant="contained" onClick={() => window.location.reload()}>
        {t('errors.reload')}
      </Button>
    </Container>
  );
}
