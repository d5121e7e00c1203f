import { ContactUs } from '../../features/contact';

export default function ContactUsPage() {
  return <ContactUs />;
}
