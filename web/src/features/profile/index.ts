export { profileSlice } from './slice';
export { ProfileForm } from './ProfileForm';
export { DeleteAccount } from './DeleteAccount';
