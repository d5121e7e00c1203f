export { ProfileForm } from './ProfileForm';
export { DeleteAccount } from './DeleteAccount';
