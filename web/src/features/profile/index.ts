export { ProfileForm } from './ProfileForm';
export { DeleteAccount } from './DeleteAccount';
export { ProfileImage } from './ProfileImage';
