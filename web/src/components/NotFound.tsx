import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../config/paths';

export function NotFound() {
  const { t } = useTranslation();
  return (
    <Container component="main" maxWidth="sm" sx={{ py: 10, textAlign: 'center' }}>
      <Typography variant="h1" gutterBottom>
        {t('errors.notFoundTitle')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('errors.notFoundText')}
      </Typography>
      <Button variant="contained" component={Link} to={paths.login}>
        {t('errors.goHome')}
      </Button>
    </Container>
  );
}
