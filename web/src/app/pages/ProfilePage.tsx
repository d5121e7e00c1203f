import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DeleteAccount, ProfileForm } from '../../features/profile';

export default function ProfilePage() {
  const { t } = useTranslation();
  return (
    <>
      <Typography variant="h1" gutterBottom>
        {t('profile.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('profile.intro')}
      </Typography>
      <ProfileForm />
      <DeleteAccount />
    </>
  );
}
