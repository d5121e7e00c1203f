import { sessionEnded } from '../../lib/session';
import { authSlice, login, resetStatus } from './slice';

const reducer = authSlice.reducer;
const initial = reducer(undefined, { type: 'init' });

describe('auth slice', () => {
  it('marks the user signed in on login success and clears loading', () => {
    const loading = reducer(initial, { type: login.pending.type });
    expect(loading.isLoading).toBe(true);
    const user = { id: 1, business_name: 'Acme' };
    const done = reducer(loading, {
      type: login.fulfilled.type,
      payload: { user, description: 'Signed in.' },
    });
    expect(done).toMatchObject({
      isLoading: false,
      isAuthenticated: true,
      user,
      success: 'Signed in.',
    });
  });

  it("keeps the server's description on failure", () => {
    const failed = reducer(initial, {
      type: login.rejected.type,
      payload: { code: 401, description: 'The email or password is incorrect.', errors: {} },
    });
    expect(failed).toMatchObject({
      isLoading: false,
      isAuthenticated: false,
      error: 'The email or password is incorrect.',
    });
    expect(reducer(failed, resetStatus())).toMatchObject({
      error: null,
      success: null,
      isLoading: false,
    });
  });

  it('forgets the user when the session ends', () => {
    const signedIn = reducer(initial, {
      type: login.fulfilled.type,
      payload: { user: { id: 1 }, description: '' },
    });
    const ended = reducer(signedIn, sessionEnded());
    expect(ended).toMatchObject({
      user: null,
      isAuthenticated: false,
    });
  });
});
