import { AboutUs } from '../../features/contact';

export default function AboutUsPage() {
  return <AboutUs />;
}
