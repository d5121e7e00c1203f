import { authClient, type Envelope } from '../../lib/http';

const PATH = '/v2/users/profile-image';

export const profileImageApi = {
  /** The PNG the server keeps, as a blob (it needs the bearer token); 204 when there is none. */
  read: () => authClient.get<Blob>(PATH, { responseType: 'blob' }),
  upload: (form: FormData) => authClient.post<Envelope<object>>(PATH, form),
  remove: () => authClient.delete<Envelope<object>>(PATH),
};
