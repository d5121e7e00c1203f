export { authApi } from './api';
export {
  authSlice,
  fetchMe,
  login,
  register,
  resetStatus,
  updateProfile,
  type AuthFailure,
  type AuthState,
} from './slice';
export type { ProfilePayload, RegistrationPayload, User } from './types';
export {
  ProfileFields,
  profilePayload,
  validateProfile,
  type ProfileValues,
} from './ProfileFields';
export {
  email,
  optional,
  optionalPlace,
  place,
  required,
  text,
  ukPostcode,
  validate,
} from './validation';
export { LoginForm } from './LoginForm';
export { RegisterForm } from './RegisterForm';
export { ForgotPasswordForm } from './ForgotPasswordForm';
export { ResetPasswordForm } from './ResetPasswordForm';
export { CurrentPasswordField, EmailField } from './AccountFields';
export { ConfirmEmailForm } from './ConfirmEmailForm';
export { EmailConfirmReminder } from './EmailConfirmReminder';
export { ChangePasswordForm } from './ChangePasswordForm';
export { LogoutButton, useEndSession, useLogout } from './useLogout';
