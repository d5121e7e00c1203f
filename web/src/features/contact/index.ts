export { AboutUs } from './AboutUs';
export { ContactUs } from './ContactUs';
