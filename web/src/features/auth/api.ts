import { authClient, publicClient, type Envelope } from '../../lib/http';
import type { ProfilePayload, RegistrationPayload, SignedInUser, User } from './types';

export const authApi = {
  login: (email: string, password: string) =>
    publicClient.post<Envelope<{ user: SignedInUser }>>('/v2/auth/login', { email, password }),
  register: (payload: RegistrationPayload) =>
    publicClient.post<Envelope<{ user: User; confirmation_sent: number }>>('/v2/auth', payload),
  forgotPassword: (email: string) =>
    publicClient.post<Envelope<object>>('/v2/auth/forgot_password', { email }),
  checkResetLink: (token: string) =>
    publicClient.post<Envelope<object>>('/v2/auth/reset_password/check', { token }),
  resetPassword: (token: string, password: string) =>
    publicClient.post<Envelope<object>>('/v2/auth/reset_password', { token, password }),
  me: () => authClient.get<Envelope<{ me: User }>>('/v2/auth/me'),
  logout: () => authClient.post<Envelope<object>>('/v2/auth/logout'),
  changePassword: (old_password: string, new_password: string) =>
    authClient.post<Envelope<object>>('/v2/auth/change_password', { old_password, new_password }),
  updateProfile: (payload: ProfilePayload) =>
    authClient.post<Envelope<{ user: User }>>('/v2/auth/update_profile', payload),
  changeEmail: (email: string, password: string) =>
    authClient.post<Envelope<object>>('/v2/auth/change_email', { email, password }),
  resendConfirmation: () => authClient.post<Envelope<object>>('/v2/auth/confirm_email/resend'),
  confirmEmail: (token: string) =>
    publicClient.post<Envelope<object>>('/v2/auth/change_email/confirm', { token }),
  deleteAccount: (userId: number, password: string) =>
    authClient.delete<Envelope<object>>(`/v2/auth/${userId}`, { data: { password } }),
};
