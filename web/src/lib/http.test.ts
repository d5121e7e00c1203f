import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../i18n';
import { answer, server } from '../test/server';
import { describeError, publicClient } from './http';

describe('the API clients', () => {
  beforeAll(() => initI18n('en'));
  afterEach(() => i18n.changeLanguage('en'));

  it("ask for answers in the app's language, before signing in too", async () => {
    const languages: (string | null)[] = [];
    server.use(
      http.post('/v2/auth/login', ({ request }) => {
        languages.push(request.headers.get('Accept-Language'));
        return answer('Signed in successfully.');
      }),
    );
    await publicClient.post('/v2/auth/login', {});
    await i18n.changeLanguage('ar');
    await publicClient.post('/v2/auth/login', {});
    expect(languages).toEqual(['en', 'ar']);
  });

  it('word a call that got no answer for a person, in their language', async () => {
    server.use(http.get('/v2/healthz', () => HttpResponse.error()));
    const failure = await publicClient.get('/v2/healthz').catch((error: unknown) => error);
    expect(describeError(failure)).toEqual({
      code: 0,
      description: 'HeatDesk could not be reached. Check your connection and try again.',
      errors: {},
    });
    await i18n.changeLanguage('ar');
    expect(describeError(failure).description).toBe(
      'تعذّر الوصول إلى HeatDesk. تحقق من اتصالك وحاول مرة أخرى.',
    );
  });

  it('word an answer that is not HeatDesk’s (a proxy’s 502 page) for a person too', async () => {
    server.use(
      http.get('/v2/healthz', () => new HttpResponse('<html>Bad Gateway</html>', { status: 502 })),
    );
    const failure = await publicClient.get('/v2/healthz').catch((error: unknown) => error);
    expect(describeError(failure)).toEqual({
      code: 502,
      description: 'HeatDesk could not answer just now (error 502). Try again in a moment.',
      errors: {},
    });
  });
});
