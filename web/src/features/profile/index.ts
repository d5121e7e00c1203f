export { ProfileForm } from './ProfileForm';
export { DeleteAccount } from './DeleteAccount';
export { ProfileImage } from './ProfileImage';
export { useProfileImage } from './useProfileImage';
export { profileImageSlice } from './slice';
