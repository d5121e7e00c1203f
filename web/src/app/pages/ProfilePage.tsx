import { useTranslation } from 'react-i18next';
import { Heading } from '../../components/Heading';
import { DeleteAccount, ProfileForm, ProfileImage } from '../../features/profile';

export default function ProfilePage() {
  const { t } = useTranslation();
  return (
    <>
      <Heading title={t('profile.title')} intro={t('profile.intro')} />
      <ProfileForm />
      <ProfileImage />
      <DeleteAccount />
    </>
  );
}
