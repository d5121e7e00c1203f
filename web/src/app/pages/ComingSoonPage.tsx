import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/ComingSoon';

/** A page a later issue builds; `title` is a text key. */
export default function ComingSoonPage({ title }: { title: string }) {
  const { t } = useTranslation();
  return <ComingSoon title={t(title)} />;
}
