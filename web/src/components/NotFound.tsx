import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import { Heading } from './Heading';

/** The page for an address the app does not have, inside the public layout's main region. */
export function NotFound() {
  const { t } = useTranslation();
  return (
    <Container maxWidth="sm" sx={{ py: 10, textAlign: 'center' }}>
      <Heading title={t('errors.notFoundTitle')} intro={t('errors.notFoundText')} space={3} />
      <Button variant="contained" component={Link} to={paths.login}>
        {t('errors.goHome')}
      </Button>
    </Container>
  );
}
